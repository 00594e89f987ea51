import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { mailMagazineRoutes } from './mailmagazines.routes.ts';
import { createMailMagazinesService } from './mailmagazines.service.ts';

export const mailMagazinesPlugin = fp<AppOptions>(
  async (app, options) => {
    app.siteRoutes.push(mailMagazineRoutes(createMailMagazinesService(options.db)));
  },
  { name: 'mailmagazines' },
);
