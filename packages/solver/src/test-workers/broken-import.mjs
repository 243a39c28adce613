// A solver thread that cannot load, as when a package its entry imports is missing from the
// install (issue 12: `tsx` in the production image). The pool's tests start it for real.
import 'scorpion-no-such-package';
