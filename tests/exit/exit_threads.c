/* Teardown with threads (PAR): the process ends while other threads are inside the library.
 * Before the fix, return from main crashed in 2 of 5 runs (static destructors unmapped the
 * transport while a helper thread still polled it).
 *
 *   exit_threads MODE [threads=T]
 *     return       helper threads poll and send AMs; main returns 0 after a barrier
 *     exit         the same, main calls exit(0)
 *     gasnet_exit  the same, main calls gasnet_exit(0)
 *     thread_exit  main polls; helper thread 0 calls gasnet_exit(0) after the barrier
 * Every rank prints "exit_threads rank R of N done" first; the job must end with 0 every time.
 */
#define GASNET_PAR 1
#include <gasnetex.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gex_TM_t world;
static gex_Rank_t me, n;

static void sink(gex_Token_t token, gex_AM_Arg_t a) { (void)token, (void)a; }
static void echo(gex_Token_t token, gex_AM_Arg_t a) { gex_AM_ReplyShort1(token, 201, 0, a); }

struct helper {
  int index;
  int exits;
};

static void *helper_main(void *arg) {
  struct helper *h = arg;
  unsigned long i = 0;
  for (;;) {
    gasnet_AMPoll();
    if ((++i % 16) == 0) gex_AM_RequestShort1(world, (me + 1) % n, 200, 0, (gex_AM_Arg_t)i);
    if (h->exits && i == 2000) {
      printf("exit_threads rank %u of %u done\n", (unsigned)me, (unsigned)n);
      fflush(stdout);
      gasnet_exit(0);
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  if (argc < 2) {
    fprintf(stderr, "usage: %s return|exit|gasnet_exit|thread_exit [threads=T]\n", argv[0]);
    return 2;
  }
  const char *mode = argv[1];
  int threads = 3;
  if (argc > 2 && !strncmp(argv[2], "threads=", 8)) threads = atoi(argv[2] + 8);
  if (gex_Client_Init(&client, &ep, &world, "exit_threads", &argc, &argv, 0) != GASNET_OK) return 3;
  gex_AM_Entry_t handlers[] = {
      {200, (gex_AM_Fn_t)echo, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 1, NULL, "echo"},
      {201, (gex_AM_Fn_t)sink, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT, 1, NULL, "sink"},
  };
  if (gex_EP_RegisterHandlers(ep, handlers, 2) != GASNET_OK) return 3;
  me = gex_TM_QueryRank(world);
  n = gex_TM_QuerySize(world);
  gex_Event_Wait(gex_Coll_BarrierNB(world, 0));

  const int thread_exit = !strcmp(mode, "thread_exit");
  struct helper *hs = calloc((size_t)threads, sizeof *hs);
  for (int t = 0; t < threads; ++t) {
    pthread_t id;
    hs[t].index = t;
    hs[t].exits = thread_exit && t == 0;
    if (pthread_create(&id, NULL, helper_main, &hs[t]) != 0) return 4;
    pthread_detach(id);
  }
  if (thread_exit) {
    for (;;) gasnet_AMPoll();
  }
  /* Let the helpers get busy, then meet the others and leave while the helpers still run. */
  for (int i = 0; i < 2000; ++i) gasnet_AMPoll();
  gex_Event_Wait(gex_Coll_BarrierNB(world, 0));
  printf("exit_threads rank %u of %u done\n", (unsigned)me, (unsigned)n);
  fflush(stdout);
  if (!strcmp(mode, "exit")) exit(0);
  if (!strcmp(mode, "gasnet_exit")) gasnet_exit(0);
  return 0;
}
