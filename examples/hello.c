/* hello: the smallest complete libgex program.
 *
 * Every rank says hello, sends an Active Message to the next rank (a "ping" carrying its own
 * rank), waits for the ping from the previous rank, meets the others in a barrier and exits.
 *
 *   build/tools/gexrun/gexrun -n 4 build/examples/hello
 *   GASNET_PSHM_NODES=4 build/examples/hello
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, gethostname under -std=c11 */
#include <gasnetex.h>

#include <stdio.h>
#include <unistd.h>

#define PING_HANDLER GEX_AM_INDEX_BASE /* client handler indices start here */

static volatile int got_ping = 0;
static volatile gex_AM_Arg_t ping_from = -1;

/* A Short Request handler with one argument. It runs inside some GASNet call of this rank
 * (here GASNET_BLOCKUNTIL, which polls) and must not block or communicate, except for a Reply. */
static void ping_handler(gex_Token_t token, gex_AM_Arg_t sender) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_SRCRANK); /* who sent this message */
  if ((gex_Rank_t)sender != info.gex_srcrank)
    printf("unexpected: the ping says rank %d, its token rank %u\n", (int)sender, (unsigned)info.gex_srcrank);
  ping_from = sender;
  got_ping = 1;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t team; /* the primordial team: every rank of the job */
  gex_Client_Init(&client, &ep, &team, "hello", &argc, &argv, 0);

  gex_AM_Entry_t handlers[] = {
      {PING_HANDLER, (gex_AM_Fn_t)ping_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, "ping"},
  };
  gex_EP_RegisterHandlers(ep, handlers, sizeof handlers / sizeof handlers[0]);

  gex_Rank_t me = gex_TM_QueryRank(team);
  gex_Rank_t n = gex_TM_QuerySize(team);
  char host[64] = "?";
  gethostname(host, sizeof host);
  printf("hello from rank %u of %u (pid %d on %s)\n", (unsigned)me, (unsigned)n, (int)getpid(), host);
  fflush(stdout);

  /* Registration is local and has no barrier: wait until every rank has registered its handler. */
  gex_Event_Wait(gex_Coll_BarrierNB(team, 0));

  gex_Rank_t next = (me + 1) % n;
  gex_AM_RequestShort1(team, next, PING_HANDLER, 0, (gex_AM_Arg_t)me);
  GASNET_BLOCKUNTIL(got_ping);
  printf("rank %u: got a ping from rank %d\n", (unsigned)me, (int)ping_from);
  fflush(stdout);

  gex_Event_Wait(gex_Coll_BarrierNB(team, 0));
  gasnet_exit(0); /* collective here, but one rank calling it would end the whole job */
  return 0;
}
