// A cache on disk of compiled merged collators, so only the first process on a machine
// pays for compiling merged rules (ucol_openRules: 0.2–0.4 s for ko or ja with extras).
//
// One file per merged rule text in $COLLATE_CACHE_DIR, else $XDG_CACHE_HOME/collate, else
// ~/.cache/collate; COLLATE_NO_CACHE (any value but "" and "0") turns it off. A file is
// named after the ICU version and a hash of the rules and holds the rules themselves
// (compared in full, so a hash collision cannot pick the wrong collator), the binary
// (ucol_cloneBinary) and a checksum of both. Files are written to a temporary name and
// renamed, so readers never see a partial file; a file that is short, fails its checksum,
// holds other rules or that ICU refuses is ignored (and replaced after the next compile).
#include "MergedTailoring.hpp"

#include <unicode/uversion.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ccs {
namespace {

constexpr char kMagic[8] = {'c', 'c', 's', 'R', 'B', 'C', '0', '1'};

uint64_t fnv1a(const uint8_t *bytes, size_t count, uint64_t hash = 1469598103934665603ULL) {
    for (size_t i = 0; i < count; ++i) hash = (hash ^ bytes[i]) * 1099511628211ULL;
    return hash;
}

/// The cache directory, or "" when the cache is off or no directory is known.
std::string directory() {
    const char *off = std::getenv("COLLATE_NO_CACHE");
    if (off != nullptr && *off != '\0' && std::string(off) != "0") return {};
    if (const char *dir = std::getenv("COLLATE_CACHE_DIR"); dir != nullptr && *dir != '\0') return dir;
    if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/') return std::string(xdg) + "/collate";
    if (const char *home = std::getenv("HOME"); home != nullptr && *home == '/') return std::string(home) + "/.cache/collate";
    return {};
}

std::string path(const icu::UnicodeString &rules) {
    std::string dir = directory();
    if (dir.empty()) return {};
    uint64_t hash = fnv1a(reinterpret_cast<const uint8_t *>(rules.getBuffer()), static_cast<size_t>(rules.length()) * 2);
    char name[96];
    std::snprintf(name, sizeof name, "/merged-icu%s-%016llx.bin", U_ICU_VERSION, static_cast<unsigned long long>(hash));
    return dir + name;
}

struct Header {
    char magic[8];
    uint32_t rulesUnits;   // UTF-16 code units of the rules that follow the header
    uint32_t binaryBytes;  // bytes of the binary that follow the rules
    uint64_t checksum;     // FNV-1a of the rules and the binary
};

/// Binaries that opened collators alias (ucol_openBinary does not copy): kept for the
/// life of the process, one per merged rule text.
std::mutex keptLock;
std::vector<std::unique_ptr<uint8_t[]>> kept;

bool makeDirectories(const std::string &dir) {
    for (size_t slash = dir.find('/', 1); ; slash = dir.find('/', slash + 1)) {
        std::string part = dir.substr(0, slash);
        if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return false;
        if (slash == std::string::npos) return true;
    }
}

}  // namespace

icu::LocalUCollatorPointer loadCompiled(const icu::UnicodeString &rules) {
    std::string file = path(rules);
    if (file.empty()) return icu::LocalUCollatorPointer();
    // Non-blocking, so a FIFO (or a device) planted at the path cannot stall the open;
    // anything but a regular file is ignored, as a damaged file is.
    int descriptor = open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (descriptor < 0) return icu::LocalUCollatorPointer();
    struct stat info;
    if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(descriptor);
        return icu::LocalUCollatorPointer();
    }
    std::unique_ptr<FILE, int (*)(FILE *)> in(fdopen(descriptor, "rb"), std::fclose);
    if (!in) {
        close(descriptor);
        return icu::LocalUCollatorPointer();
    }
    Header header;
    if (std::fread(&header, sizeof header, 1, in.get()) != 1 || std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 ||
        header.rulesUnits != static_cast<uint32_t>(rules.length()) || header.binaryBytes == 0 ||
        header.binaryBytes > (64u << 20)) {
        return icu::LocalUCollatorPointer();
    }
    size_t rulesBytes = static_cast<size_t>(header.rulesUnits) * 2;
    std::unique_ptr<uint8_t[]> stored(new uint8_t[rulesBytes]);
    std::unique_ptr<uint8_t[]> binary(new uint8_t[header.binaryBytes]);
    if ((rulesBytes > 0 && std::fread(stored.get(), rulesBytes, 1, in.get()) != 1) ||
        std::fread(binary.get(), header.binaryBytes, 1, in.get()) != 1 ||
        std::memcmp(stored.get(), rules.getBuffer(), rulesBytes) != 0 ||
        fnv1a(binary.get(), header.binaryBytes, fnv1a(stored.get(), rulesBytes)) != header.checksum) {
        return icu::LocalUCollatorPointer();
    }
    UErrorCode code = U_ZERO_ERROR;
    static UCollator *root = ucol_open("", &code);  // the base of every tailoring, never closed
    if (U_FAILURE(code) || root == nullptr) return icu::LocalUCollatorPointer();
    icu::LocalUCollatorPointer collator(ucol_openBinary(binary.get(), static_cast<int32_t>(header.binaryBytes), root, &code));
    if (U_FAILURE(code)) return icu::LocalUCollatorPointer();
    std::lock_guard<std::mutex> guard(keptLock);
    kept.push_back(std::move(binary));
    return collator;
}

void storeCompiled(const icu::UnicodeString &rules, const UCollator *collator) {
    std::string file = path(rules);
    if (file.empty() || !makeDirectories(file.substr(0, file.rfind('/')))) return;
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = ucol_cloneBinary(collator, nullptr, 0, &code);
    if (length <= 0) return;
    code = U_ZERO_ERROR;
    std::unique_ptr<uint8_t[]> binary(new uint8_t[static_cast<size_t>(length)]);
    ucol_cloneBinary(collator, binary.get(), length, &code);
    if (U_FAILURE(code)) return;
    const uint8_t *rulesBytes = reinterpret_cast<const uint8_t *>(rules.getBuffer());
    size_t rulesCount = static_cast<size_t>(rules.length()) * 2;
    Header header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.rulesUnits = static_cast<uint32_t>(rules.length());
    header.binaryBytes = static_cast<uint32_t>(length);
    header.checksum = fnv1a(binary.get(), static_cast<size_t>(length), fnv1a(rulesBytes, rulesCount));
    // Unique per process and per call: two threads may compile the same rules at once.
    static std::atomic<uint64_t> serial{0};
    std::string temporary = file + "." + std::to_string(getpid()) + "." + std::to_string(serial.fetch_add(1)) + ".tmp";
    FILE *out = std::fopen(temporary.c_str(), "wb");
    if (out == nullptr) return;
    bool written = std::fwrite(&header, sizeof header, 1, out) == 1 &&
                   (rulesCount == 0 || std::fwrite(rulesBytes, rulesCount, 1, out) == 1) &&
                   std::fwrite(binary.get(), static_cast<size_t>(length), 1, out) == 1;
    written = std::fflush(out) == 0 && written;
    written = std::fclose(out) == 0 && written;
    if (!written || std::rename(temporary.c_str(), file.c_str()) != 0) std::remove(temporary.c_str());
}

}  // namespace ccs
