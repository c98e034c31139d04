#pragma once
// Nesting caps of the recursive decoders, whatever GbLimits::max_depth / GsOptions::max_depth say.
// They bound the stack a hostile input can make gb_read / gb_skip / gs_read use,
// with a wide margin even in ASan+UBSan builds: at the cap a GraphBinary decode takes about 0.3 MB
// and a GraphSON one about 0.55 MB of stack under ASan (0.08 / 0.15 MB in a release build), and
// tests/unit/io/stack_depth_test.cpp decodes the deepest accepted inputs on a 1 MiB stack, an eighth
// of a thread's default 8 MiB. (The older comments in graphbinary.hpp / graphson.hpp saying
// "clamped to 1000" predate these caps.)
#include <cstddef>

namespace tpbench::io {

// GraphBinary: compound values nested inside each other.
inline constexpr std::size_t gb_depth_cap = 256;
// GraphSON: JSON containers, typed wrappers included ({"@type":"g:List","@value":[…]} is two);
// gs_skip is iterative and holds the same cap.
inline constexpr std::size_t gs_depth_cap = 256;

}  // namespace tpbench::io
