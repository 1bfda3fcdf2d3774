#include "qr_code.hpp"

#include <qrencode.h>

namespace coyel::cli {

std::string qr_code_text(const std::string& text) {
    QRcode* code = QRcode_encodeString(text.c_str(), 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!code) return "";
    const int width = code->width, margin = 2;
    const auto light = [&](int x, int y) {
        return x < 0 || y < 0 || x >= width || y >= width || !(code->data[y * width + x] & 1);
    };
    std::string out;
    for (int y = -margin; y < width + margin; y += 2) {
        for (int x = -margin; x < width + margin; ++x) {
            const bool top = light(x, y), bottom = light(x, y + 1);
            out += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
        }
        out += '\n';
    }
    QRcode_free(code);
    return out;
}

}  // namespace coyel::cli
