#pragma once
// One suspended operation's completion handler, kept in place: a non-allocating stand-in for
// asio::any_completion_handler, for the one handler type a waiter stores at a time. The engine's
// lane slot (Session::start_execute) and the ws37 session's per-request waiter both keep the
// handler of a coroutine waiting on them here, so a request costs no allocation.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/post.hpp>

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace tpbench::engine {

template <std::size_t Size>
class InplaceHandler {
public:
    InplaceHandler() = default;
    InplaceHandler(const InplaceHandler&) = delete;
    InplaceHandler& operator=(const InplaceHandler&) = delete;
    ~InplaceHandler() { reset(); }

    bool armed() const noexcept { return invoke_ != nullptr; }

    // Keeps `h` (a handler already stored is destroyed first).
    template <class Handler>
    void store(Handler&& h) {
        using H = std::decay_t<Handler>;
        static_assert(sizeof(H) <= Size && alignof(H) <= alignof(std::max_align_t),
                      "InplaceHandler: the handler does not fit the in-place buffer");
        reset();
        ::new (static_cast<void*>(buf_)) H(std::forward<Handler>(h));
        invoke_ = [](unsigned char* b, const boost::asio::any_io_executor* ex) {
            H* p = std::launder(reinterpret_cast<H*>(b));
            H moved(std::move(*p));
            p->~H();
            if (ex)
                boost::asio::post(*ex, std::move(moved));
            else
                std::move(moved)();
        };
        destroy_ = [](unsigned char* b) { std::launder(reinterpret_cast<H*>(b))->~H(); };
    }
    // Calls the stored handler now (it is moved out first, so whatever it resumes may store the
    // next one here); no effect when nothing is stored.
    void invoke() { take(nullptr); }
    // Hands the stored handler to `ex` (posted): from then on the io_context owns it.
    void post_to(const boost::asio::any_io_executor& ex) { take(&ex); }
    // Destroys the stored handler without calling it.
    void reset() noexcept {
        if (destroy_) destroy_(buf_);
        invoke_ = nullptr;
        destroy_ = nullptr;
    }

private:
    void take(const boost::asio::any_io_executor* ex) {
        if (!invoke_) return;
        auto f = invoke_;
        invoke_ = nullptr;
        destroy_ = nullptr;
        f(buf_, ex);
    }

    alignas(std::max_align_t) unsigned char buf_[Size];
    void (*invoke_)(unsigned char*, const boost::asio::any_io_executor*) = nullptr;
    void (*destroy_)(unsigned char*) = nullptr;
};

}  // namespace tpbench::engine
