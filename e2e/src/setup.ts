/** Runs before every journey file: a failed journey reports what its browser did. */
import { reportJourneysOnFailure } from './journey-log.ts';

reportJourneysOnFailure();
