// Implementation of include/tpbench/io/graphson.hpp (in progress).
