import type { PaymentProviderId } from '@storefront/domain/constants';
import fp from 'fastify-plugin';
import type { AppOptions } from '../../app-options.ts';
import { createSignal, type Signal } from '../../lib/signal.ts';
import { calendarConsoleRoutes } from './calendar.console-routes.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { type CatalogueService, createCatalogueService } from './catalogue.service.ts';
import { type CatalogueChanges, type CatalogueConsoleContext, watchCatalogueChanges } from './catalogue-changes.ts';
import type { CatalogueReferences } from './catalogue-references.ts';
import { imageRoutes } from './image.routes.ts';
import { imageConsoleRoutes } from './images.console-routes.ts';
import { productConsoleRoutes } from './products.console-routes.ts';
import { slotSeriesConsoleRoutes } from './slot-series.console-routes.ts';
import { venuePaymentMethodsConsoleRoutes } from './venue-payment-methods.console-routes.ts';
import { venueTextsConsoleRoutes } from './venue-texts.console-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
    /** Catalogue changes made by any process, followed within a poll (decision 016). */
    catalogueChanges: CatalogueChanges;
    /** This process has just seen a catalogue change: whatever keeps catalogue facts forgets them. */
    catalogueChanged: Signal;
    /** Port: the orders and date changes that name a slot, option or set product (filled by date-changes). */
    catalogueReferences: CatalogueReferences;
    /** Port: the providers this server takes payments with (filled by payments). */
    paymentProviderIds: readonly PaymentProviderId[];
    /** The console context of the catalogue's routes, for modules that change a venue's catalogue. */
    catalogueConsole(): CatalogueConsoleContext;
  }
}

export const cataloguePlugin = fp<AppOptions>(
  async (app, options) => {
    const catalogue = createCatalogueService(options.db, { appMode: options.config.appMode });
    app.decorate('catalogue', catalogue);
    app.stockChanged.on(() => catalogue.invalidateAvailability());
    const catalogueChanged = createSignal();
    app.decorate('catalogueChanged', catalogueChanged);
    // The console changes the catalogue: this process forgets it at once, the others within a poll.
    const catalogueChanges = watchCatalogueChanges(options.db, {
      onChange: () => {
        catalogue.invalidateAll();
        app.sites.invalidate();
        catalogueChanged.fire();
      },
      onError: (error) => app.log.warn({ err: error }, 'catalogue changes could not be read'),
    });
    app.decorate('catalogueChanges', catalogueChanges);
    app.addHook('onClose', async () => catalogueChanges.stop());
    app.decorate('catalogueConsole', () => ({
      db: options.db,
      sites: app.sites,
      catalogueChanges,
      references: app.catalogueReferences,
    }));

    app.siteRoutes.push(catalogueRoutes(catalogue));
    app.consoleApiRoutes.push(async (scope) => {
      const context = app.catalogueConsole();
      await scope.register(slotSeriesConsoleRoutes(context));
      await scope.register(venueTextsConsoleRoutes(context));
      await scope.register(venuePaymentMethodsConsoleRoutes(context, { providers: ['free', ...app.paymentProviderIds] }));
      await scope.register(calendarConsoleRoutes(context));
      await scope.register(productConsoleRoutes(context));
      await scope.register(imageConsoleRoutes(context));
    });
    // Uploaded images, public and cached for ever.
    await app.register(imageRoutes(options.db));
  },
  { name: 'catalogue', dependencies: ['stock', 'sites'] },
);
