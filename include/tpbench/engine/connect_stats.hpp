#pragma once
// What opening connections cost, by stage (TCP, TLS handshake, protocol handshake such as the
// WebSocket upgrade and the SASL exchange), kept apart from request latency. Filled by the
// connection pool from Session::connect_timings() after each successful connect; merged after
// the workers join. Single-threaded like the pool.
#include <tpbench/engine/backend.hpp>
#include <tpbench/stats/histogram.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace tpbench::engine {

struct ConnectStats {
    std::uint64_t connections = 0;     // successful connects measured (one sample each below)
    std::uint64_t tls_handshakes = 0;  // of which had a TLS stage (tls > 0); subset of connections
    std::uint64_t tls_resumed = 0;     // of which resumed a TLS session; subset of tls_handshakes
    std::uint64_t failures = 0;        // connects that failed (any class)
    // Nanoseconds per connection: tcp for every connection, tls for TLS connections only,
    // protocol for connections with a protocol stage (> 0).
    stats::Histogram tcp;
    stats::Histogram tls;
    stats::Histogram protocol;
    // The protocol dialect the connected sessions spoke (Session::dialect(), e.g. http4's
    // "4.0-beta.1"): "" when the backend reports none; the distinct names joined with ", " in the
    // order seen when connections differed (a server swapped mid-run).
    std::string dialect;

    ConnectStats();
    void add(const ConnectTimings& t);
    // Notes the dialect of one connected session ("" is ignored).
    void add_dialect(std::string_view d);
    void merge(const ConnectStats& o);
};

}  // namespace tpbench::engine
