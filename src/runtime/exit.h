// The exit coordinator: how a rank leaves a job (docs/launch.md, "How a job ends").
//
// gasnet_exit(c), return from main and exit(c) are collective in practice: every rank of an SPMD
// program gets there at about the same time, and none may be cut off while it finishes what it
// is doing. So an exiting rank announces its exit (first non-zero code wins), then keeps serving Active
// Messages until every rank has announced (or is gone) or the exit deadline (GEX_EXIT_TIMEOUT
// after the first exit) has passed, and only then ends its process. A rank that has not reached
// its exit by the deadline gets SIGQUIT from the job monitor, as in GASNet: the client's SIGQUIT
// handler runs if it has one, otherwise the runtime's, which leaves with the recorded code.
//
// The coordinator lives in the runtime, not in a conduit: it needs only the bootstrap's exit
// protocol (announce, wait, finish) and the runtime's progress, whatever transports the job has.
#pragma once

namespace gex::runtime {

// gasnet_exit(code) and exit from main: announce, wait for the others while serving AMs (when
// this thread may poll), then end the process with the job's code. Safe from any thread, while
// other threads are inside the library, from a handler and from a signal handler (it then only
// waits, without polling). Never returns.
[[noreturn]] void exit_job(int code);

// From gex_Client_Init, once the runtime can poll: registers the exit of the process (return
// from main, exit()) with the coordinator and installs the signal handlers GASNet installs
// (SIGQUIT ends the rank; SIGINT, SIGTERM and SIGHUP raise SIGQUIT), unless
// GASNET_NO_CATCH_SIGNAL says otherwise.
void install_exit_handling();

}  // namespace gex::runtime
