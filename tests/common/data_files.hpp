#pragma once
// Reading a test's data file inside a doctest case: the test fails (REQUIRE) when the file cannot
// be opened, so a missing vector is a failure, not an empty input. Test code only (uses doctest).
#include "common/bytes.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace tpbench::test {

// The whole file `p` (bytes as they are); fails the test when it cannot be opened.
inline std::string read_file_or_fail(const std::filesystem::path& p) {
    REQUIRE_MESSAGE(std::ifstream(p, std::ios::binary).good(), "cannot open " << p.string());
    return read_file(p);
}

}  // namespace tpbench::test
