# The set-up of the scripts that check an example package (Scripts/check-example.sh,
# Scripts/check-connection.sh), sourced with the example's folder and the script's arguments:
#   source "$(dirname "$0")/example-setup.sh" Examples/NAME "$@"
# It moves into the example and defines `scratch`, `swift` and `step`.
#
# The build folder: the example's own .build, or the one given (CI gives the root package's,
# whose swift-syntax and argument parser the example then reuses instead of compiling them
# again; FSM's modules are compiled again, as a dependency). Every swift command uses it.
scratch=${2:+$(realpath -m "$2")}
cd "$(dirname "${BASH_SOURCE[0]}")/../$1"
scratch=${scratch:-$PWD/.build}
# (SWIFT_DETERMINISTIC_HASHING: with a random seed, SwiftPM orders the traits' -D flags
# differently from one run to the next, and compiles FSM again.)
swift() { SWIFT_DETERMINISTIC_HASHING=1 command swift "$1" --scratch-path "$scratch" "${@:2}"; }
step() { echo "-- [${SECONDS} s] $*"; }
