#pragma once
// Helpers for the embedded server's TLS and authentication tests: a bounded-time TLS client over
// Asio/OpenSSL (certificate + host verification against the test PKI, ALPN, SNI) and a minimal
// WebSocket client framing (RFC 6455, client-masked, no extensions) that runs over any byte
// transport with send_all / read_some / buffer() — TcpClient (plain) or TlsClient. Keeping the
// WebSocket framing hand-rolled keeps this test TU free of Beast's expensive WebSocket templates.
#include "server_test_util.hpp"

#include <tpbench/io/ws37.hpp>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>

#include <openssl/ssl.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace tpbench::test {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;

struct TlsClientOptions {
    std::string ca_file;                    // trust anchor; "" = verify against nothing (always fails)
    bool verify = true;                     // false: accept any certificate
    std::string verify_host = "127.0.0.1";  // name/IP checked against the certificate
    std::string sni = "localhost";          // server name indication ("" = none)
    bool offer_alpn_http11 = true;
    std::string client_cert, client_key;
    std::chrono::milliseconds timeout{10000};
};

// A TLS client whose every operation is bounded by `timeout` (the io_context runs only inside
// the calls). handshake_error() tells why a handshake failed.
class TlsClient {
public:
    TlsClient(std::uint16_t port, const TlsClientOptions& o)
        : ctx_(ssl::context::tls_client), timeout_(o.timeout) {
        if (o.verify) {
            if (!o.ca_file.empty()) ctx_.load_verify_file(o.ca_file);
            ctx_.set_verify_mode(ssl::verify_peer);
        } else {
            ctx_.set_verify_mode(ssl::verify_none);
        }
        if (!o.client_cert.empty()) {
            ctx_.use_certificate_chain_file(o.client_cert);
            ctx_.use_private_key_file(o.client_key, ssl::context::pem);
        }
        stream_.emplace(ioc_, ctx_);
        if (o.verify) stream_->set_verify_callback(ssl::host_name_verification(o.verify_host));
        if (!o.sni.empty()) SSL_set_tlsext_host_name(stream_->native_handle(), o.sni.c_str());
        if (o.offer_alpn_http11) {
            static const unsigned char protos[] = {2, 'h', '2', 8, 'h', 't', 't', 'p', '/', '1', '.', '1'};
            SSL_set_alpn_protos(stream_->native_handle(), protos, sizeof protos);
        }
        boost::system::error_code ec;
        stream_->lowest_layer().connect({asio::ip::make_address("127.0.0.1"), port}, ec);
        if (ec) {
            error_ = ec;
            return;
        }
        bool done = false;
        stream_->async_handshake(ssl::stream_base::client, [&](boost::system::error_code e) {
            error_ = e;
            done = true;
        });
        run(done);
        if (!done) error_ = asio::error::timed_out;
        ok_ = done && !error_;
    }

    bool ok() const { return ok_; }
    const boost::system::error_code& handshake_error() const { return error_; }
    // Verification failure reason from OpenSSL (X509_V_OK when it passed or was not the cause).
    long verify_result() { return SSL_get_verify_result(stream_->native_handle()); }
    std::string alpn() {
        const unsigned char* p = nullptr;
        unsigned int n = 0;
        SSL_get0_alpn_selected(stream_->native_handle(), &p, &n);
        return std::string(reinterpret_cast<const char*>(p), n);
    }
    std::string protocol_version() { return SSL_get_version(stream_->native_handle()); }

    bool send_all(std::string_view b) {
        bool done = false;
        boost::system::error_code ec;
        asio::async_write(*stream_, asio::buffer(b.data(), b.size()),
                          [&](boost::system::error_code e, std::size_t) {
                              ec = e;
                              done = true;
                          });
        run(done);
        return done && !ec;
    }
    bool read_some() {
        char tmp[65536];
        bool done = false;
        boost::system::error_code ec;
        std::size_t got = 0;
        stream_->async_read_some(asio::buffer(tmp), [&](boost::system::error_code e, std::size_t n) {
            ec = e;
            got = n;
            done = true;
        });
        run(done);
        if (!done || (ec && got == 0)) return false;
        buf_.append(tmp, got);
        return true;
    }
    std::optional<ParsedResponse> read_response() {
        for (;;) {
            if (auto r = parse_http_response(buf_)) {
                buf_.erase(0, r->consumed);
                return r;
            }
            if (!read_some()) return std::nullopt;
        }
    }
    std::string& buffer() { return buf_; }

private:
    // Runs the io_context until `done` or the timeout; on timeout the socket is closed so the
    // pending operation completes (aborted) before returning.
    void run(bool& done) {
        ioc_.restart();
        auto deadline = std::chrono::steady_clock::now() + timeout_;
        while (!done && std::chrono::steady_clock::now() < deadline)
            ioc_.run_one_for(std::chrono::milliseconds(50));
        if (!done) {
            boost::system::error_code ec;
            stream_->lowest_layer().close(ec);
            ioc_.restart();
            ioc_.run_for(std::chrono::seconds(1));
        }
    }

    asio::io_context ioc_;
    ssl::context ctx_;
    std::optional<ssl::stream<asio::ip::tcp::socket>> stream_;
    std::chrono::milliseconds timeout_;
    boost::system::error_code error_;
    bool ok_ = false;
    std::string buf_;
};

// RFC 6455 client over a byte transport T (TcpClient or TlsClient).
template <class T>
class RawWs {
public:
    explicit RawWs(T& t) : t_(t) {}

    // Sends the upgrade request for /gremlin; true on "101 Switching Protocols".
    bool upgrade(std::string_view target = "/gremlin") {
        std::string req = "GET " + std::string(target) +
                          " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
        if (!t_.send_all(req)) return false;
        for (;;) {
            auto end = t_.buffer().find("\r\n\r\n");
            if (end != std::string::npos) {
                upgrade_response_ = t_.buffer().substr(0, end + 4);
                t_.buffer().erase(0, end + 4);
                return upgrade_response_.rfind("HTTP/1.1 101", 0) == 0;
            }
            if (!t_.read_some()) return false;
        }
    }
    const std::string& upgrade_response() const { return upgrade_response_; }

    bool send_binary(std::string_view payload) {
        std::string f;
        f += static_cast<char>(0x82);  // FIN, binary
        if (payload.size() < 126) {
            f += static_cast<char>(0x80 | payload.size());
        } else if (payload.size() <= 0xffff) {
            f += static_cast<char>(0x80 | 126);
            f += static_cast<char>(payload.size() >> 8);
            f += static_cast<char>(payload.size() & 0xff);
        } else {
            f += static_cast<char>(0x80 | 127);
            for (int i = 7; i >= 0; --i)
                f += static_cast<char>((static_cast<std::uint64_t>(payload.size()) >> (8 * i)) & 0xff);
        }
        unsigned char mask[4];
        for (auto& m : mask) m = static_cast<unsigned char>(rng_());
        f.append(reinterpret_cast<const char*>(mask), 4);
        for (std::size_t i = 0; i < payload.size(); ++i) f += static_cast<char>(payload[i] ^ mask[i % 4]);
        return t_.send_all(f);
    }
    bool send(const io::ws37::RequestMessage& m, io::ws37::Format f = io::ws37::Format::graphbinary_v1) {
        std::string frame;
        io::ws37::encode_request(frame, m, f, true);
        return send_binary(frame);
    }

    // Next data frame's payload (unfragmented server frames); nullopt on close/error/timeout.
    std::optional<std::string> read_frame() {
        for (;;) {
            auto& b = t_.buffer();
            if (b.size() >= 2) {
                auto b0 = static_cast<unsigned char>(b[0]), b1 = static_cast<unsigned char>(b[1]);
                std::size_t len = b1 & 0x7f, hdr = 2;
                if (len == 126 && b.size() >= 4) {
                    len = (static_cast<unsigned char>(b[2]) << 8) | static_cast<unsigned char>(b[3]);
                    hdr = 4;
                } else if (len == 127 && b.size() >= 10) {
                    len = 0;
                    for (int i = 0; i < 8; ++i) len = (len << 8) | static_cast<unsigned char>(b[2 + i]);
                    hdr = 10;
                } else if (len >= 126) {
                    hdr = 0;  // need more bytes for the length
                }
                if (hdr != 0 && b.size() >= hdr + len) {
                    std::string payload = b.substr(hdr, len);
                    b.erase(0, hdr + len);
                    unsigned op = b0 & 0x0f;
                    if (op == 0x8) return std::nullopt;  // close
                    if (op == 0x1 || op == 0x2) return payload;
                    continue;  // ping/pong
                }
            }
            if (!t_.read_some()) return std::nullopt;
        }
    }
    std::optional<io::ws37::ResponseMessage> read_response(
        io::ws37::Format f = io::ws37::Format::graphbinary_v1) {
        auto fr = read_frame();
        if (!fr) return std::nullopt;
        auto r = io::ws37::decode_response(*fr, f);
        if (!r.ok()) return std::nullopt;
        return std::move(r.value());
    }

private:
    T& t_;
    std::string upgrade_response_;
    std::mt19937 rng_{12345};
};

inline io::ws37::RequestMessage ws_eval(const std::string& script, std::uint8_t id_byte) {
    io::ws37::RequestMessage m;
    m.request_id[0] = 0x42;
    m.request_id[15] = id_byte;
    m.op = "eval";
    m.args = model::Value::map({model::Value::string("gremlin"), model::Value::string(script),
                                model::Value::string("language"), model::Value::string("gremlin-groovy")});
    return m;
}

// The first item of a 200 response's List data as a number (1+1 -> 2); nullopt otherwise.
inline std::optional<std::int64_t> first_number(const io::ws37::ResponseMessage& r) {
    if (r.data.type() != model::Type::list || r.data.kids().empty()) return std::nullopt;
    return r.data.kids()[0].to_int64();
}

}  // namespace tpbench::test
