/** Every venue of the demo catalogue, in display order; the first is the default variant. */
import { site as borderless } from './sites/borderless.ts';
import { site as cafeLumen } from './sites/cafe-lumen.ts';
import { site as cancanfactory } from './sites/cancanfactory.ts';
import { site as demo } from './sites/demo.ts';
import { site as gaprao } from './sites/gaprao.ts';
import { site as harbor } from './sites/harbor.ts';
import { site as ishikawa } from './sites/ishikawa.ts';
import { site as izura } from './sites/izura.ts';
import { site as kyotoGarden } from './sites/kyoto-garden.ts';
import { site as labExhibition } from './sites/lab-exhibition.ts';
import { site as mori } from './sites/mori.ts';
import { site as okinawa } from './sites/okinawa.ts';
import { site as planets } from './sites/planets.ts';
import { site as ruins } from './sites/ruins.ts';
import { site as sapporo } from './sites/sapporo.ts';
import type { SiteSeed } from './types.ts';

export const siteSeeds: readonly SiteSeed[] = [
  borderless,
  labExhibition,
  demo,
  ruins,
  izura,
  cancanfactory,
  mori,
  okinawa,
  ishikawa,
  gaprao,
  harbor,
  kyotoGarden,
  planets,
  sapporo,
  cafeLumen,
];
