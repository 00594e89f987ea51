/**
 * A console screen's route: each feature lists its own (`features/<f>/<f>-routes.ts`) and the app's
 * route table puts them under the guard their `access` names.
 */
import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

export type ConsoleRoute = {
  /** Below the basename `/console`. */
  path: string;
  /** The screen's name, as its page marks itself (`data-screen`). */
  screen: string;
  /**
   * `public`: anyone (sign-in, invitations, resets); `enrolment`: a session that must enrol a
   * second factor first; `signed-in`: inside the console's layout.
   */
  access: 'public' | 'enrolment' | 'signed-in';
  load: () => Promise<ScreenModule>;
};
