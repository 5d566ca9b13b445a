#include "model/Destination.h"

namespace sediment {

namespace {

using D = Destination;

} // namespace

bool isMemoryStore(Destination destination) { return destination == D::Memory || destination == D::User; }

bool isNote(Destination destination) { return destination == D::BrainInbox || destination == D::ChantierOutil; }

bool isMemoryStore(QStringView destination) { return isWord(destination, D::Memory) || isWord(destination, D::User); }

bool isNote(QStringView destination)
{
    return isWord(destination, D::BrainInbox) || isWord(destination, D::ChantierOutil);
}

} // namespace sediment
