#pragma once
// The accept loop of the in-test fake servers: a TCP acceptor on 127.0.0.1 (ephemeral port) that
// counts the connections it accepts and runs serve(socket) for each in a coroutine of its own,
// until the io_context stops. By default an exception of the accept loop or of a connection's
// coroutine is rethrown out of io_context::run, so a failed REQUIRE inside a fake server fails the
// test; Errors::ignore drops them (servers that expect clients to go away mid-handshake).
// Test code only; header-only, Asio.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <cstdint>
#include <exception>
#include <functional>
#include <utility>

namespace tpbench::test {

class LoopbackAcceptor {
public:
    using Socket = boost::asio::ip::tcp::socket;
    using Serve = std::function<boost::asio::awaitable<void>(Socket)>;
    enum class Errors { rethrow, ignore };

    LoopbackAcceptor(boost::asio::io_context& ioc, Serve serve, Errors errors = Errors::rethrow)
        : acceptor_(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0}),
          serve_(std::move(serve)),
          rethrow_(errors == Errors::rethrow) {
        boost::asio::co_spawn(ioc, accept_loop(), completion());
    }
    LoopbackAcceptor(const LoopbackAcceptor&) = delete;
    LoopbackAcceptor& operator=(const LoopbackAcceptor&) = delete;

    std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
    int connections = 0;  // accepted so far

private:
    std::function<void(std::exception_ptr)> completion() const {
        return [rethrow = rethrow_](const std::exception_ptr& e) {
            if (e && rethrow) std::rethrow_exception(e);
        };
    }
    boost::asio::awaitable<void> accept_loop() {
        for (;;) {
            auto [ec, sock] =
                co_await acceptor_.async_accept(boost::asio::as_tuple(boost::asio::use_awaitable));
            if (ec) co_return;
            ++connections;
            boost::asio::co_spawn(acceptor_.get_executor(), serve_(std::move(sock)), completion());
        }
    }

    boost::asio::ip::tcp::acceptor acceptor_;
    Serve serve_;
    bool rethrow_;
};

}  // namespace tpbench::test
