// Implementation of include/tpbench/io/ws37.hpp (in progress).
