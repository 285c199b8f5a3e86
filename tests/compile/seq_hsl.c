/* Compiled by check_seq_hsl.sh: an HSL taken as testam's handlers take it, and a Trylock. */
#include <gasnetex.h>

static gex_HSL_t lock = GEX_HSL_INITIALIZER;
static volatile int counter;

void bump(void) {
  gex_HSL_Lock(&lock);
  counter++;
  gex_HSL_Unlock(&lock);
}

int try_bump(void) {
  if (gex_HSL_Trylock(&lock) != GASNET_OK) return 0;
  counter++;
  gex_HSL_Unlock(&lock);
  return 1;
}
