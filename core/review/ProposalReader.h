#pragma once

#include "review/ProposalSource.h"

#include <QByteArray>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace sediment {

class ProposalValidator;

// Parses submitted bytes (ProposalParser) and validates each value as soon as it is read
// (ProposalValidator), handing the proposals over in chunks. A large input is read on a thread
// of its own, so that on two cores the kernel gates and files the first proposals while the
// rest are still being parsed; a small one is read at once, on the caller's thread.
//
// Errors keep their order of precedence: a syntax error anywhere wins over an invalid proposal
// before it, and the first invalid proposal over any later one. After an invalid proposal no
// more are handed over; reading goes on only to look for a syntax error.
class ProposalReader final : public ProposalSource {
public:
    // `input` and `validator` must outlive the reader. Inputs of `threadFrom` bytes or more are
    // read on a thread.
    ProposalReader(const QByteArray& input, const ProposalValidator& validator, qsizetype threadFrom = kThreadFrom);
    // Stops the thread early if the kernel gave up before the end, and waits for it.
    ~ProposalReader() override;
    ProposalReader(const ProposalReader&) = delete;
    ProposalReader& operator=(const ProposalReader&) = delete;

    std::optional<Proposal> next() override;
    Status complete() override;
    std::size_t expected() const override { return m_expected; }
    void recycle(Proposal&& spent) override;

    // Below this a thread costs more than it saves (about 2,000 proposals).
    static constexpr qsizetype kThreadFrom = 256 * 1024;
    // Proposals per hand-over: one lock and wake-up per chunk, not per proposal.
    static constexpr std::size_t kChunk = 512;

private:
    void read();
    void handOver(std::vector<Proposal>&& chunk, bool last);

    const QByteArray& m_input;
    const ProposalValidator& m_validator;
    std::size_t m_expected = 0;

    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<std::vector<Proposal>> m_chunks;    // under m_mutex
    std::vector<std::vector<Proposal>> m_returned; // spent chunks, for the reader to free (under m_mutex)
    bool m_done = false;                           // under m_mutex
    Status m_status;                               // under m_mutex, final once m_done
    std::atomic<bool> m_stop{false};

    std::vector<Proposal> m_taking; // the chunk next() serves from (the consumer's own)
    std::size_t m_taken = 0;
    std::vector<Proposal> m_spent; // recycled since the last hand-back (the consumer's own)
    std::thread m_thread;
};

} // namespace sediment
