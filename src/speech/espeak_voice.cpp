#include "espeak_voice.hpp"

#include <espeak-ng/speak_lib.h>

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>

#include "shared_library.hpp"

namespace coyel::speech {
namespace {

// The soname of Debian 12's libespeak-ng1, whose ABI the header describes.
constexpr const char* espeak_soname = "libespeak-ng.so.1";

struct EspeakApi {
    decltype(&espeak_Initialize) initialize = nullptr;
    decltype(&espeak_SetSynthCallback) set_synth_callback = nullptr;
    decltype(&espeak_SetVoiceByName) set_voice_by_name = nullptr;
    decltype(&espeak_Synth) synth = nullptr;
    decltype(&espeak_Synchronize) synchronize = nullptr;
    decltype(&espeak_Cancel) cancel = nullptr;
};

Result<const EspeakApi*> load() {
    static EspeakApi api;
    auto library = platform::SharedLibrary::open(espeak_soname);
    if (!library) return library.failure();
    library->find(api.initialize, "espeak_Initialize");
    library->find(api.set_synth_callback, "espeak_SetSynthCallback");
    library->find(api.set_voice_by_name, "espeak_SetVoiceByName");
    library->find(api.synth, "espeak_Synth");
    library->find(api.synchronize, "espeak_Synchronize");
    library->find(api.cancel, "espeak_Cancel");
    if (auto missing = library->complete()) return *missing;
    return &api;  // the library stays loaded for the process's life
}

Result<const EspeakApi*> espeak_api() {
    static const Result<const EspeakApi*> loaded = load();
    return loaded;
}

// espeak-ng's state is the process's: started once, in the sound first
// asked for, and never terminated (espeak-ng 1.51's terminate can wait for
// ever on its own thread); one voice at a time speaks through it.
class EspeakVoice : public Voice {
  public:
    EspeakVoice(const EspeakApi& api, int sample_rate, const platform::Clock& clock)
        : api_(api), sample_rate_(sample_rate), clock_(clock) {}

  protected:
    bool synthesise(const std::string& text) {
        return api_.synth(text.c_str(), text.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8,
                          nullptr, nullptr) == EE_OK;
    }
    const EspeakApi& api_;
    const int sample_rate_;
    const platform::Clock& clock_;  // when a line began; a timed voice waits on it
};

// Played on the sound device: espeak-ng plays it on its own thread, and its
// cancel stops the sound and wakes the wait.
class LoudspeakerVoice final : public EspeakVoice {
  public:
    using EspeakVoice::EspeakVoice;
    platform::Clock::Steady speak(const std::string& text) override {
        const auto began = clock_.now();
        if (cut_ || !synthesise(text)) return began;
        if (cut_) api_.cancel();  // cut while the line was handed over
        api_.synchronize();
        return began;
    }
    void cut() override {
        cut_ = true;
        api_.cancel();
    }
    void prepare() override { cut_ = false; }

  private:
    std::atomic<bool> cut_ = false;
};

// Synthesised at once, then waited for as long as it would sound.
class TimedVoice final : public EspeakVoice {
  public:
    TimedVoice(const EspeakApi& api, int sample_rate, bool instant, const platform::Clock& clock)
        : EspeakVoice(api, sample_rate, clock), instant_(instant) {
        active_ = this;
        api_.set_synth_callback(&TimedVoice::on_samples);
    }
    ~TimedVoice() override { active_ = nullptr; }

    platform::Clock::Steady speak(const std::string& text) override {
        samples_ = 0;
        const auto began = clock_.now();
        (void)synthesise(text);  // synchronous: every sample is counted on return
        const auto lasts =
            std::chrono::microseconds(instant_ ? 0 : samples_ * 1'000'000 / sample_rate_);
        std::unique_lock lock(mutex_);
        clock_.wait_until(lock, woken_, began + lasts, [&] { return cut_; });
        return began;
    }
    void cut() override {
        {
            std::lock_guard lock(mutex_);
            cut_ = true;
        }
        woken_.notify_all();
    }
    void prepare() override {
        std::lock_guard lock(mutex_);
        cut_ = false;
    }

  private:
    static int on_samples(short*, int count, espeak_EVENT*) {
        if (active_) active_->samples_ += count;
        return 0;
    }
    static inline TimedVoice* active_ = nullptr;
    const bool instant_;
    std::atomic<long long> samples_ = 0;
    std::mutex mutex_;
    std::condition_variable woken_;
    bool cut_ = false;
};

// Whether a sound server or card is there to play on (PulseAudio, PipeWire,
// ALSA): without one espeak-ng's playback fails line after line and ALSA
// writes its complaints over the moderator's screen.
bool sound_device_present() {
    const auto exists = [](const std::string& path) { return ::access(path.c_str(), F_OK) == 0; };
    if (std::getenv("PULSE_SERVER")) return true;
    if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"))
        if (exists(std::string(runtime) + "/pulse/native") ||
            exists(std::string(runtime) + "/pipewire-0"))
            return true;
    return exists("/dev/snd");
}

// The sample rate of espeak-ng started for `sound`, or why not.
Result<int> start_espeak(const EspeakApi& api, Sound sound) {
    // Timed and instant share espeak-ng's synchronous sound.
    const auto way = [](Sound o) { return o == Sound::instant ? Sound::timed : o; };
    static const Sound first = way(sound);
    static const int sample_rate = api.initialize(
        sound == Sound::loudspeaker ? AUDIO_OUTPUT_PLAYBACK : AUDIO_OUTPUT_SYNCHRONOUS, 0, nullptr,
        0);
    if (sample_rate <= 0) return Error{"espeak-ng found no voice data (espeak-ng-data)"};
    if (way(sound) != first) return Error{"espeak-ng already speaks another way in this coyel"};
    return sample_rate;
}

}  // namespace

Result<std::unique_ptr<Voice>> espeak_voice(const std::string& language, Sound sound,
                                            const platform::Clock& clock) {
    auto api = espeak_api();
    if (!api) return Error{"espeak-ng cannot be loaded: " + api.error()};
    if (sound == Sound::loudspeaker && !sound_device_present())
        return reasoned("no sound card nor sound server on this machine", ErrorCode::invalid,
                        "no_sound");
    auto sample_rate = start_espeak(**api, sound);
    if (!sample_rate) return sample_rate.failure();
    if ((*api)->set_voice_by_name(language.c_str()) != EE_OK)
        return Error{"espeak-ng has no voice for the language \"" + language + "\""};
    if (sound == Sound::loudspeaker)
        return std::unique_ptr<Voice>(
            std::make_unique<LoudspeakerVoice>(**api, *sample_rate, clock));
    return std::unique_ptr<Voice>(
        std::make_unique<TimedVoice>(**api, *sample_rate, sound == Sound::instant, clock));
}

}  // namespace coyel::speech
