#pragma once
// The scripted HTTP/1.1 server of the http3/http4 stream-session tests, without sockets: every
// connection the session opens is a MemoryStream (backends/common/memory_stream.hpp) whose
// responder answers each complete request (head + Content-Length body, common/http_parse.hpp)
// with answer(request, index). An answer ending in "EOF" is sent (the part before it), then the
// server closes. Records every request as received. Test code only; header-only.
#include "backends/common/memory_stream.hpp"
#include "backends/common/stream.hpp"

#include "common/http_parse.hpp"

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tpbench::test {

struct ScriptedHttpServer {
    boost::asio::io_context& ioc;
    std::function<std::string(const std::string& request, int index)> answer;
    std::vector<std::string> requests{};  // every request, whole (head, blank line, body)
    int connections = 0;
    int writes = 0;
    // Called for each new connection, e.g. to inject failures into its stream.
    std::function<void(backends_detail::MemoryStream&, int connection)> on_connect{};

    // The session's stream source (make_session_over of http3 / http4).
    std::function<backends_detail::AnyStream(boost::asio::any_io_executor)> source() {
        return [this](boost::asio::any_io_executor ex) {
            backends_detail::MemoryStream m(std::move(ex));
            const int conn = connections++;
            auto pending = std::make_shared<std::string>();
            m.set_responder([this, pending](backends_detail::MemoryStream& self, std::string_view w) {
                ++writes;
                pending->append(w);
                while (auto req = take_http_request(*pending)) {
                    requests.push_back(std::move(req->raw));
                    const std::string resp = answer(requests.back(), static_cast<int>(requests.size()) - 1);
                    const bool eof = resp.ends_with("EOF");
                    const std::string bytes = eof ? resp.substr(0, resp.size() - 3) : resp;
                    if (!bytes.empty()) self.append_input(bytes);
                    if (eof) self.close_input();
                }
            });
            if (on_connect) on_connect(m, conn);
            return backends_detail::AnyStream(std::move(m));
        };
    }
};

}  // namespace tpbench::test
