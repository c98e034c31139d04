// The one translation unit that compiles Asio's and Beast's implementation
// (BOOST_ASIO_SEPARATE_COMPILATION / BOOST_BEAST_SEPARATE_COMPILATION): every other file that
// includes Asio or Beast only sees declarations, which keeps their compile time down.
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
