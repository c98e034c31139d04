#include "backends/ws37/ws_codec.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tpbench::ws37 {

// ---- WsReader ----------------------------------------------------------------------------------

WsReader::WsReader(std::size_t max_message) : max_message_(max_message) {}

void WsReader::enable_deflate(bool server_no_context_takeover) {
    inflater_ = std::make_unique<pmd::Inflater>(server_no_context_takeover);
}

WsReader::Room WsReader::read_buffer() {
    if (buf_.empty()) buf_.resize(kReadStart);
    // Compact, and grow only for a frame larger than the buffer (bounded by the message limit,
    // checked by the header parser).
    if (begin_ == end_) begin_ = end_ = 0;
    if (begin_ > 0 && (buf_.size() - end_ < room_wanted_ || begin_ + need_ > buf_.size())) {
        std::memmove(buf_.data(), buf_.data() + begin_, end_ - begin_);
        end_ -= begin_;
        begin_ = 0;
    }
    if (need_ > buf_.size()) buf_.resize(need_ + room_wanted_);
    if (buf_.size() - end_ < room_wanted_) buf_.resize(end_ + room_wanted_);
    offered_ = buf_.size() - end_;
    return {buf_.data() + end_, offered_};
}

void WsReader::commit(std::size_t n, Clock::time_point now, double ratio) {
    // Nothing pending: the next frame's first byte arrived now.
    if (begin_ == end_) first_ = now;
    now_ = now;
    ratio_ = ratio;
    // A read that filled what it was offered: the peer is streaming, offer more next time.
    if (n == offered_ && room_wanted_ < kReadMax) room_wanted_ *= 2;
    end_ += n;
}

void WsReader::feed(std::string_view bytes, Clock::time_point now) {
    do {
        const Room r = read_buffer();
        const std::size_t k = std::min(r.size, bytes.size());
        std::memcpy(r.data, bytes.data(), k);
        commit(k, now);
        bytes.remove_prefix(k);
    } while (!bytes.empty());
}

WsReader::Action WsReader::fail(std::string why) {
    done_ = true;
    error_ = std::move(why);
    return Action{Action::Kind::error, error_};
}

bool WsReader::inflate(std::string_view payload, bool last) {
    std::string why;
    if (inflater_->feed(payload, last, frag_, max_message_, why)) return true;
    fail(std::move(why));
    return false;
}

WsReader::Action WsReader::next() {
    using Kind = Action::Kind;
    if (done_) return Action{Kind::error, error_};
    for (;;) {
        frame::Header h;
        const char* why = "";
        const auto* p = reinterpret_cast<const unsigned char*>(buf_.data() + begin_);
        const auto r =
            frame::parse_server_header(p, end_ - begin_, max_message_, h, why, inflater_ != nullptr);
        if (r == frame::Parse::need_more) {
            need_ = 0;
            return Action{};
        }
        if (r == frame::Parse::error) return fail(why);
        const std::size_t total = h.header_size + static_cast<std::size_t>(h.length);
        if (end_ - begin_ < total) {
            need_ = total;
            return Action{};
        }
        const std::string_view payload(buf_.data() + begin_ + h.header_size,
                                       static_cast<std::size_t>(h.length));
        std::uint64_t wire = frame::server_frame_bytes(h.length);
        if (ratio_ != 1.0)
            wire = static_cast<std::uint64_t>(std::llround(static_cast<double>(wire) * ratio_));
        const Clock::time_point first = first_;
        begin_ += total;
        need_ = 0;
        first_ = now_;  // the next frame's first byte came with this read (or later)
        switch (h.opcode) {
            case frame::text:
            case frame::binary:
                if (in_fragments_) return fail("a new message inside a fragmented one");
                if (h.fin && !h.rsv1) return Action{Kind::message, payload, first, now_, wire};
                frag_compressed_ = h.rsv1;  // RSV1 only passes the header parser with permessage-deflate
                frag_.clear();
                if (frag_compressed_) {
                    if (!inflate(payload, h.fin)) return Action{Kind::error, error_};
                } else {
                    frag_.assign(payload);
                }
                if (h.fin) return Action{Kind::message, frag_, first, now_, wire};  // compressed, one frame
                in_fragments_ = true;
                frag_first_ = first;
                frag_wire_ = wire;
                continue;
            case frame::continuation:
                if (!in_fragments_) return fail("a continuation frame outside a message");
                if (frag_compressed_) {
                    if (!inflate(payload, h.fin)) return Action{Kind::error, error_};
                } else {
                    if (frag_.size() + payload.size() > max_message_) return fail("message too big");
                    frag_.append(payload);
                }
                frag_wire_ += wire;
                if (!h.fin) continue;
                in_fragments_ = false;
                return Action{Kind::message, frag_, frag_first_, now_, frag_wire_};
            case frame::ping:
                return Action{Kind::ping, payload};
            case frame::pong:
                continue;
            case frame::close:
            default:
                done_ = true;
                error_ = "a frame after the server's close";
                return Action{Kind::close, payload};
        }
    }
}

// ---- WsWriter ----------------------------------------------------------------------------------

WsWriter::WsWriter(std::uint64_t seed) : mask_(0x9e3779b97f4a7c15ULL ^ seed) {
    if (mask_ == 0) mask_ = 1;
}

void WsWriter::enable_deflate(int client_max_window_bits, bool client_no_context_takeover) {
    // zlib has no raw deflate with an 8-bit window: requests then go uncompressed (a per-message
    // choice RFC 7692 allows).
    if (client_max_window_bits > 8)
        deflater_ = std::make_unique<pmd::Deflater>(client_max_window_bits, client_no_context_takeover);
}

void WsWriter::queue_pong(std::string_view payload) {
    frame::append_client_frame(control_, frame::pong, payload, next_mask());
}

bool WsWriter::fill(ClientProtocol& proto) {
    out_.clear();
    batch_.clear();
    if (!control_.empty()) {
        out_.append(control_);
        control_.clear();
    }
    // Gather every frame that is ready into one write.
    while (out_.size() < kMaxBatch) {
        const std::size_t before = out_.size();
        std::optional<ClientProtocol::Write> w;
        if (deflater_) {
            // Compressed: one message, one frame with RSV1.
            if ((w = proto.next_write())) {
                deflater_->compress(w->frame, zbuf_);
                frame::append_client_frame(out_, frame::binary | frame::rsv1, zbuf_, next_mask());
            }
        } else {
            w = proto.next_write_framed(out_, next_mask());  // framed straight into out_
        }
        if (!w) break;
        batch_.push_back(Batched{*w, out_.size() - before});
    }
    return !out_.empty();
}

std::string WsWriter::close_frame(std::string_view payload) {
    std::string f;
    frame::append_client_frame(f, frame::close, payload, next_mask());
    return f;
}

}  // namespace tpbench::ws37
