// Implementation of include/tpbench/io/graphbinary.hpp (in progress).
