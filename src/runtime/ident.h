// Ident strings: the "$GASNetKey: value $" texts GASNet links into every program, which tools read
// from the executable (`ident`, `strings`; UPC++'s upcxx-run finds the conduit through
// $GASNetConduitName: ...$).
#pragma once

namespace gex::runtime {

// Makes the program that calls it keep the library's ident strings: gexi_Client_Init calls it, so
// every program that starts a client carries them (an unreferenced object would be left out of
// the link). Costs nothing at run time.
void keep_ident_strings() noexcept;

}  // namespace gex::runtime
