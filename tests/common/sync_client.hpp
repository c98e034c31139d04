#pragma once
// One tpbench client connection (any registered backend) used sequentially by a test program:
// connects on first use and again after the connection was lost, and runs each request to its end
// within a wall-clock bound (bounded.hpp). Shared by tpbench_features (tests/features) and
// tpbench_differential (tests/realserver); header-only, needs tpbench::backends and Asio.
#include "common/bounded.hpp"

#include <tpbench/backends/registry.hpp>
#include <tpbench/engine/backend.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace tpbench::test {

struct SyncAnswer {
    bool ran = false;         // false: no request was completed (no connection, exception, hang)
    std::string failure;      // why, when !ran
    engine::Outcome outcome;  // when ran
};

class SyncClient {
public:
    // `serializer` "" = the backend's default; `options` = Target::options (e.g. http4's dialect).
    // Throws std::invalid_argument for an unknown backend.
    SyncClient(boost::asio::io_context& ioc, std::uint16_t port, std::string backend,
               std::string serializer = {}, std::map<std::string, std::string> options = {})
        : ioc_(ioc),
          port_(port),
          backend_(std::move(backend)),
          serializer_(std::move(serializer)),
          options_(std::move(options)) {
        info_ = backends::find_backend(backend_);
        if (info_ == nullptr) throw std::invalid_argument("unknown backend " + backend_);
    }
    const std::string& backend() const noexcept { return backend_; }

    // Runs `r` (connecting first when needed), its deadline `request_timeout` after the connection
    // is up; `limit` bounds the whole call in wall time.
    SyncAnswer run(engine::Request r, std::chrono::seconds request_timeout, std::chrono::seconds limit) {
        // The coroutine owns its request and answer: after a timeout it may still be queued on the
        // io_context and resume during a later call.
        auto answer = std::make_shared<SyncAnswer>();
        std::exception_ptr error;
        const BoundedEnd end = run_coroutine_bounded(
            ioc_, [this, &r, answer, request_timeout] { return exec(std::move(r), request_timeout, answer); },
            limit, error);
        if (end == BoundedEnd::finished) return std::move(*answer);
        SyncAnswer a;
        a.failure = end == BoundedEnd::threw ? "client exception" : "client did not finish";
        return a;
    }

private:
    boost::asio::awaitable<void> exec(engine::Request r, std::chrono::seconds request_timeout,
                                      std::shared_ptr<SyncAnswer> a) {
        if (!session_ || !session_->is_open()) {
            engine::SessionConfig cfg;
            cfg.target.host = "127.0.0.1";
            cfg.target.port = port_;
            cfg.target.serializer = serializer_;
            cfg.target.options = options_;
            session_ = info_->factory(ioc_.get_executor(), cfg);
            auto ec = co_await session_->async_connect();
            if (ec) {
                a->failure = "cannot connect to 127.0.0.1:" + std::to_string(port_) + ": " + ec.message();
                session_.reset();
                co_return;
            }
        }
        r.deadline = engine::Clock::now() + request_timeout;
        a->outcome = co_await session_->async_execute(r);
        a->ran = true;
    }

    boost::asio::io_context& ioc_;
    std::uint16_t port_;
    std::string backend_;
    std::string serializer_;
    std::map<std::string, std::string> options_;
    const backends::BackendInfo* info_ = nullptr;
    std::unique_ptr<engine::Session> session_;
};

}  // namespace tpbench::test
