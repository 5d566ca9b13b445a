// An empty program that links one layer of core whole (core/CMakeLists.txt): it builds only
// while that layer calls nothing above it.
int main() { return 0; }
