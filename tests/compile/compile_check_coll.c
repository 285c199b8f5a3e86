/* Compile check of gasnet_coll.h's GASNet-1 names, C (C99 and C11). See compile_check_coll.h. */
#include "compile_check_coll.h"

int main(int argc, char **argv) {
  if (argc > 100) {
    gex_Client_t client;
    gex_EP_t ep;
    gex_TM_t tm;
    gex_Client_Init(&client, &ep, &tm, "compile_check_coll", &argc, &argv, 0);
    return ccc_call_every_coll_api(tm);
  }
  (void)argv;
  return GASNET_TEAM_ALL == NULL ? 0 : 1; /* set by the start-up, NULL before it */
}
