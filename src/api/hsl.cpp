// Handler-safe locks. The per-thread count of held HSLs lets the debug build reject calls that
// are forbidden while holding one (restricted context, spec section on HSLs).
#include <pthread.h>

#include "runtime/runtime.h"

using namespace gex::runtime;

extern "C" {

void gex_HSL_Init(gex_HSL_t *hsl) {
  if (!hsl) usage_fatal("gex_HSL_Init", "hsl is NULL");
  pthread_mutex_init(&hsl->gexi_lock, nullptr);
}

void gex_HSL_Destroy(gex_HSL_t *hsl) {
  if (int rc = pthread_mutex_destroy(&hsl->gexi_lock))
    usage_fatal("gex_HSL_Destroy", "the lock is held or invalid (error " + std::to_string(rc) + ")");
}

void gex_HSL_Lock(gex_HSL_t *hsl) {
  pthread_mutex_lock(&hsl->gexi_lock);
  ++t_thread.hsl_held;
}

void gex_HSL_Unlock(gex_HSL_t *hsl) {
#ifdef GASNET_DEBUG
  // Cheap half of the ownership check: a thread that holds no HSL cannot be unlocking its own.
  if (t_thread.hsl_held <= 0)
    usage_fatal("gex_HSL_Unlock", "hsl=" + fmt_ptr(hsl) + " is unlocked by a thread that holds no HSL "
                                  "(only the thread that locked an HSL may unlock it)");
#endif
  --t_thread.hsl_held;
  pthread_mutex_unlock(&hsl->gexi_lock);
}

int gex_HSL_Trylock(gex_HSL_t *hsl) {
  if (pthread_mutex_trylock(&hsl->gexi_lock) != 0) return GASNET_ERR_NOT_READY;
  ++t_thread.hsl_held;
  return GASNET_OK;
}

}  // extern "C"
