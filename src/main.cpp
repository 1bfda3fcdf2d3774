#include "commands/app.hpp"

int main(int argc, char** argv) { return coyel::cli::run(argc, argv); }
