/* How a job ends: one rank dies, exits or calls gasnet_exit while the others wait, or every rank
 * ends normally. The job must end with the documented code, name the culprit and never hang.
 *
 *   job_end MODE [victim=R] [wait=barrier|poll|compute] [code=C]
 *
 * MODE, for one rank (the victim, default 1) while the others wait:
 *   kill             raise(SIGKILL)                       job code 137
 *   segv             write through a null pointer         job code 139
 *   abort            abort()                              job code 134
 *   exit             exit(code) without gasnet_exit       job code `code`
 *   gasnet_exit      gasnet_exit(code), with stderr fully buffered: what it wrote must still appear
 *   kill_before_init / exit_before_init   the same, before gex_Client_Init (gexrun jobs only:
 *                    under GASNET_PSHM_NODES the ranks are created inside gex_Client_Init)
 *   handler_exit     gasnet_exit(code) from inside an AM handler (legal in handler context)
 *   thread_exit      gasnet_exit(code) from a second thread of the victim while its main thread
 *                    polls (spec: gasnet_exit may be called from any thread)
 *   flood_<how>      rank 0 floods the victim with Medium Requests until the ring to it is full
 *                    (an IMMEDIATE send fails) and then blocks in a Request; the victim, which
 *                    never polls, then dies the way <how> says (kill, exit, gasnet_exit, ...).
 *                    Rank 0 must be released from its full queue, not hang.
 * MODE, for every rank:
 *   all_gasnet_exit  every rank calls gasnet_exit(code) after a barrier
 *   all_gasnet_exit_distinct  every rank calls gasnet_exit(code + rank) at once after a barrier:
 *                    the job ends with one of those codes (the first recorded)
 *   all_return       every rank returns `code` from main after a barrier
 *   all_wait         every rank waits (wait=...) forever (for wait=barrier rank 0 polls, so that
 *                    the barrier never completes): for signals sent to the launcher
 */
#include "failure_common.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static int exit_code = 0;

static void exit_handler(gex_Token_t token) {
  (void)token;
  fail_note("gasnet_exit(%d) inside an AM handler", exit_code);
  gasnet_exit(exit_code);
}

static void sink_medium(gex_Token_t token, void *buf, size_t nbytes) { (void)token, (void)buf, (void)nbytes; }

static void *exit_thread(void *arg) {
  (void)arg;
  fail_note("gasnet_exit(%d) from a second thread", exit_code);
  gasnet_exit(exit_code);
  return NULL;
}

static void die(const char *how) {
  fail_note("about to end the job: %s", how);
  if (!strcmp(how, "kill") || !strcmp(how, "kill_before_init")) {
    raise(SIGKILL);
  } else if (!strcmp(how, "segv")) {
    volatile int *volatile nowhere = NULL;
    *nowhere = 1;
  } else if (!strcmp(how, "abort")) {
    abort();
  } else if (!strcmp(how, "exit") || !strcmp(how, "exit_before_init")) {
    exit(exit_code);
  } else if (!strcmp(how, "gasnet_exit")) {
    /* gasnet_exit flushes stdio before the process ends: with stderr fully buffered, this line
     * reaches the log only through that flush. */
    static char buf[4096];
    setvbuf(stderr, buf, _IOFBF, sizeof buf);
    fprintf(stderr, "failtest rank %u: buffered line flushed by gasnet_exit\n", (unsigned)fail_rank);
    gasnet_exit(exit_code);
  }
  fail_note("still alive after '%s' (bug)", how);
  exit(98);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODE [victim=R] [wait=barrier|poll|compute] [code=C]\n", argv[0]);
    return 2;
  }
  const char *mode = argv[1];
  unsigned victim = 1;
  const char *wait_name = "barrier";
  for (int i = 2; i < argc; i++) {
    if (!strncmp(argv[i], "victim=", 7)) victim = (unsigned)atoi(argv[i] + 7);
    else if (!strncmp(argv[i], "wait=", 5)) wait_name = argv[i] + 5;
    else if (!strncmp(argv[i], "code=", 5)) exit_code = atoi(argv[i] + 5);
    else {
      fprintf(stderr, "failtest: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  enum fail_wait_kind wait_kind = fail_parse_wait(wait_name);

  if (!strcmp(mode, "kill_before_init") || !strcmp(mode, "exit_before_init")) {
    const char *r = getenv("GEX_RANK"); /* set by gexrun for each rank it starts */
    if (r && (unsigned)atoi(r) == victim) {
      fail_rank = victim;
      die(mode);
    }
    fail_init(&argc, &argv); /* the victim never joins: the job must end anyway */
    fail_note("gex_Client_Init returned without every rank (bug)");
    return 97;
  }

  fail_init(&argc, &argv);
  if (victim >= fail_size) {
    fprintf(stderr, "failtest: victim %u is not a rank of this %u-rank job\n", victim, (unsigned)fail_size);
    return 2;
  }

  if (!strcmp(mode, "all_gasnet_exit") || !strcmp(mode, "all_return")) {
    fail_barrier();
    fail_note("%s(%d)", mode[4] == 'g' ? "gasnet_exit" : "return from main", exit_code);
    if (mode[4] == 'g') gasnet_exit(exit_code);
    return exit_code;
  }

  if (!strcmp(mode, "all_gasnet_exit_distinct")) {
    fail_barrier();
    gasnet_exit(exit_code + (int)fail_rank); /* no note: every rank races to record its code */
  }

  if (!strcmp(mode, "all_wait")) {
    fail_barrier();
    /* A barrier that every rank joins would complete: rank 0 polls instead. */
    fail_wait_forever(fail_rank == 0 && wait_kind == FAIL_WAIT_BARRIER ? FAIL_WAIT_POLL : wait_kind);
  }

  if (!strcmp(mode, "thread_exit")) {
    fail_barrier();
    if (fail_rank == victim) {
      pthread_t thread;
      if (pthread_create(&thread, NULL, exit_thread, NULL) != 0) {
        fail_note("pthread_create failed");
        return 96;
      }
      fail_wait_forever(FAIL_WAIT_POLL); /* the main thread keeps polling */
    }
    fail_wait_forever(wait_kind);
  }

  if (!strncmp(mode, "flood_", 6)) {
    gex_AM_Entry_t table[] = {
        {GEX_AM_INDEX_BASE, (gex_AM_Fn_t)sink_medium, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 0, NULL, "sink"},
    };
    gex_EP_RegisterHandlers(fail_ep, table, sizeof table / sizeof table[0]);
    if (victim == 0) {
      fprintf(stderr, "failtest: flood_* needs a victim other than rank 0 (the sender)\n");
      return 2;
    }
    fail_barrier();
    if (fail_rank == 0) {
      size_t n = gex_AM_MaxRequestMedium(fail_tm, victim, GEX_EVENT_NOW, 0, 0);
      char *buf = calloc(n, 1);
      unsigned long sent = 0;
      while (gex_AM_RequestMedium0(fail_tm, victim, GEX_AM_INDEX_BASE, buf, n, GEX_EVENT_NOW,
                                   GEX_FLAG_IMMEDIATE) == GASNET_OK)
        ++sent;
      fail_note("the queue to rank %u is full after %lu Mediums of %zu bytes; blocking in the next one", victim,
                sent, n);
      for (;;) gex_AM_RequestMedium0(fail_tm, victim, GEX_AM_INDEX_BASE, buf, n, GEX_EVENT_NOW, 0);
    }
    if (fail_rank == victim) {
      fail_sleep_ms(1000); /* not polling: the queue fills and rank 0 blocks */
      die(mode + 6);
    }
    fail_wait_forever(wait_kind);
  }

  if (!strcmp(mode, "handler_exit")) {
    gex_AM_Entry_t table[] = {
        {GEX_AM_INDEX_BASE, (gex_AM_Fn_t)exit_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL,
         "exit_handler"},
    };
    gex_EP_RegisterHandlers(fail_ep, table, sizeof table / sizeof table[0]);
    fail_barrier();
    if (fail_rank == 0) {
      fail_note("asking rank %u to call gasnet_exit(%d) from a handler", victim, exit_code);
      gex_AM_RequestShort0(fail_tm, victim, GEX_AM_INDEX_BASE, 0);
    }
    /* the victim runs the handler while it polls */
    fail_wait_forever(fail_rank == victim ? FAIL_WAIT_POLL : wait_kind);
  }

  if (strcmp(mode, "kill") && strcmp(mode, "segv") && strcmp(mode, "abort") && strcmp(mode, "exit") &&
      strcmp(mode, "gasnet_exit")) {
    fprintf(stderr, "failtest: unknown mode '%s'\n", mode);
    return 2;
  }
  fail_barrier(); /* every rank is up */
  if (fail_rank == victim) {
    fail_sleep_ms(200); /* let the others settle into their wait */
    die(mode);
  }
  fail_wait_forever(wait_kind);
}
