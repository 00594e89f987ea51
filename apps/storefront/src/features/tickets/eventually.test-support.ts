/** What the ticket screens' component tests share. */
import { act } from 'react';

/**
 * Waits inside act() until `check` passes: the queries, the QR drawings and the mutations settle
 * in act. It gives up only long after anything could still settle (about ten seconds, inside the
 * test's own time limit), and then fails with the check's own words.
 */
export async function eventually(check: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    try {
      return check();
    } catch (error) {
      if (attempt >= 1000) throw error;
    }
  }
}
