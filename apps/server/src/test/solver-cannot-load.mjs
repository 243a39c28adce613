// A solver thread that cannot load, as when the production install lacks a package its entry
// imports (issue 12: `tsx`). Passed to the real pool as its `entry` by the server's tests.
import 'scorpion-no-such-package';
