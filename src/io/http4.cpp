// Implementation of include/tpbench/io/http4.hpp (in progress).
