/* gasnet.h and gasnet_tools.h in strict ISO C (built -std=c99 -pedantic -Werror) after a system
 * header, the way many clients include them; calls a sample of every family so each expands. */
#include <stdio.h>
#include <gasnet.h>
#include <gasnet_tools.h>

static void handler(gasnet_token_t token, gasnet_handlerarg_t a0) { (void)token, (void)a0; }

int main(int argc, char **argv) {
  gasnet_handlerentry_t table[1];
  gasnett_rwlock_t rw = GASNETT_RWLOCK_INITIALIZER;
  gasnett_atomic64_t a = gasnett_atomic64_init(1);
  gasnet_hsl_t hsl = GASNET_HSL_INITIALIZER;
  table[0].index = 0;
  table[0].fnptr = (gasnet_handler_fn_t)handler;
  if (gasnet_init(&argc, &argv) != GASNET_OK) return 1;
  if (gasnet_attach(table, 1, GASNET_PAGESIZE, 0) != GASNET_OK) return 1;
  gasnet_hold_interrupts();
  gasnet_resume_interrupts();
  gasnet_hsl_lock(&hsl);
  gasnet_hsl_unlock(&hsl);
  gasnett_rwlock_rdlock(&rw);
  gasnett_rwlock_unlock(&rw);
  gasnett_nsleep(1000);
  if (gasnett_atomic64_add(&a, 1, 0) != 2) return 1;
  if (gasnet_AMRequestShort1(gasnet_mynode(), table[0].index, 7) != GASNET_OK) return 1;
  if (gasnet_barrier(0, GASNET_BARRIERFLAG_ANONYMOUS) != GASNET_OK) return 1;
  if (gasnet_mynode() == 0) printf("compat_headers: %s on %s\n", GASNET_CONFIG_STRING, gasnett_gethostname());
  gasnet_exit(0);
  return 0;
}
