import { type Limits, type SolverPool, SolverUnavailableError } from '@scorpion/solver';
import { type Certifier, CertifierUnavailable } from './certify.ts';

/** Each candidate gets this much search; a deal not proven in time is passed over. */
export const CERTIFY_BUDGET: Limits = { nodes: 400_000, ms: 300 };

/**
 * The solver behind the certify seam. Searches run on the pool's threads, never on the event
 * loop that handles moves; a daily deal or a "winnable only" race waits for them, nobody else.
 * A proven win keeps its line and difficulty: the daily page shows one and publishes the other.
 */
export function solverCertifier(pool: Pick<SolverPool, 'certify'>, budget: Limits = CERTIFY_BUDGET): Certifier {
  return {
    name: 'solver',
    async certify(variant, options, deck) {
      const certificate = await pool.certify(variant, options, [...deck], budget).catch((error: unknown) => {
        if (error instanceof SolverUnavailableError) throw new CertifierUnavailable(error.message, { cause: error });
        throw error;
      });
      const { nodes, ms } = certificate;
      if (certificate.winnable === true) {
        const { line, difficulty } = certificate;
        return { verdict: 'winnable', line, difficulty, nodes, ms };
      }
      return { verdict: certificate.winnable === false ? 'unwinnable' : 'unknown', nodes, ms };
    },
  };
}
