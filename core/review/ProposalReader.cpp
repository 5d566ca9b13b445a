#include "review/ProposalReader.h"

#include "proposal/ProposalParser.h"
#include "proposal/ProposalValidator.h"

#include <algorithm>
#include <cstring>

namespace sediment {

ProposalReader::ProposalReader(const QByteArray& input, const ProposalValidator& validator, qsizetype threadFrom)
    : m_input(input)
    , m_validator(validator)
{
    // JSON Lines hold at most a proposal per line, and no proposal is shorter than 32 bytes: the
    // smaller bound sizes the pass without letting a file of blank lines ask for gigabytes.
    constexpr qsizetype kShortestProposal = 32;
    // memchr skips from line to line, where std::count would read every byte.
    qsizetype lines = 1;
    for (const char *p = input.constData(), *end = p + input.size();
         (p = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p)))) != nullptr; ++p)
        ++lines;
    m_expected = std::size_t(std::min(lines, input.size() / kShortestProposal + 1));
    if (input.size() >= threadFrom)
        m_thread = std::thread([this] { read(); });
    else
        read();
}

ProposalReader::~ProposalReader()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void ProposalReader::handOver(std::vector<Proposal>&& chunk, bool last)
{
    std::vector<std::vector<Proposal>> spent;
    {
        const std::lock_guard lock(m_mutex);
        if (!chunk.empty())
            m_chunks.push_back(std::move(chunk));
        if (last)
            m_done = true;
        spent.swap(m_returned);
    }
    m_ready.notify_one();
    spent.clear(); // freed here, outside the lock, on the thread that allocated them
}

void ProposalReader::read()
{
    std::vector<Proposal> chunk;
    chunk.reserve(kChunk);
    std::optional<Error> invalid;
    int index = 0;
    auto status = ProposalParser::forEach(m_input, [&](Json&& raw) -> Status {
        if (m_stop)
            return fail(Error::io(QStringLiteral("reading stopped"))); // nobody waits for the rest
        ++index;
        if (invalid)
            return {}; // only a syntax error could still change the verdict
        auto p = m_validator.validate(std::move(raw), index);
        if (!p) {
            invalid = p.error();
            return {};
        }
        chunk.push_back(std::move(*p));
        if (chunk.size() == kChunk) {
            handOver(std::move(chunk), false);
            chunk = {};
            chunk.reserve(kChunk);
        }
        return {};
    });
    if (status && invalid)
        status = fail(*invalid);
    {
        const std::lock_guard lock(m_mutex);
        m_status = status;
    }
    handOver(std::move(chunk), true);
}

void ProposalReader::recycle(Proposal&& spent)
{
    if (!m_thread.joinable())
        return; // read on this thread: freed here as it goes
    if (m_spent.capacity() == 0)
        m_spent.reserve(kChunk);
    m_spent.push_back(std::move(spent));
}

std::optional<Proposal> ProposalReader::next()
{
    if (m_taken >= m_taking.size()) {
        std::unique_lock lock(m_mutex);
        if (!m_spent.empty() && !m_done) {
            m_returned.push_back(std::move(m_spent));
            m_spent = {};
        }
        m_ready.wait(lock, [this] { return !m_chunks.empty() || m_done; });
        if (m_chunks.empty())
            return std::nullopt;
        m_taking = std::move(m_chunks.front());
        m_chunks.pop_front();
        m_taken = 0;
    }
    return std::move(m_taking[m_taken++]);
}

Status ProposalReader::complete()
{
    std::unique_lock lock(m_mutex);
    m_ready.wait(lock, [this] { return m_done; });
    return m_status;
}

} // namespace sediment
