#pragma once

#include "model/Proposal.h"
#include "util/Error.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace sediment {

// Validated proposals, in input order, for the review kernel: a list already validated, or a
// reader that parses and validates on a second thread while the kernel gates and files the
// first ones (ProposalReader). The kernel treats what it does before complete() has succeeded
// as provisional: only database writes, which its transaction drops if the input turns out
// invalid, never a store's file.
class ProposalSource {
public:
    virtual ~ProposalSource() = default;

    // The next proposal, waiting for it if need be; nullopt once there are no more (the input
    // was read to its end, or reading stopped at an error that complete() gives).
    virtual std::optional<Proposal> next() = 0;
    // Waits until the whole input has been read and validated: its first error, if any, which
    // then wins over anything the kernel decided (nothing is gated from an invalid input).
    virtual Status complete() = 0;
    // How many proposals to expect at most, for sizing a pass.
    virtual std::size_t expected() const = 0;
    // A proposal the kernel is done with. A reader frees it on its own thread: memory freed on
    // the thread that allocated it is reused there at once, where freeing it on the kernel's
    // thread made both threads contend for the reader's heap and slowed the reader down.
    virtual void recycle(Proposal&& spent) { (void)spent; }
};

// A list validated beforehand (validateAll): complete from the start.
class ProposalList final : public ProposalSource {
public:
    explicit ProposalList(std::vector<Proposal> proposals) : m_proposals(std::move(proposals)) {}

    std::optional<Proposal> next() override
    {
        if (m_next >= m_proposals.size())
            return std::nullopt;
        return std::move(m_proposals[m_next++]);
    }
    Status complete() override { return {}; }
    std::size_t expected() const override { return m_proposals.size(); }

private:
    std::vector<Proposal> m_proposals;
    std::size_t m_next = 0;
};

} // namespace sediment
