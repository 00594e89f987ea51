/** The venue's settings: the order procedure, how tickets are shown, and the colours and logos of the ticket header. */
import { ORDER_PROCEDURES, TICKET_DISPLAY_TYPES, type VenueSettings } from '@storefront/domain/console/venue-settings';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FieldSet, SelectField } from '../../ui/field.tsx';
import { ColourField } from './appearance-section.tsx';
import { type SettingsPartProps, SettingsSection } from './settings-section.tsx';

type LayoutValues = { layout: VenueSettings['settings']['layout'] };

export function LayoutSection(props: SettingsPartProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection<LayoutValues>
      {...props}
      id="settings-layout"
      title={t('venueSettings.layout.title')}
      from={(data) => ({ layout: structuredClone(data.settings.layout) })}
      toPatch={(values) => ({ layout: values.layout })}
      fields={[
        'layout.order_procedure',
        'layout.ticket_display.type',
        'layout.ticket_display.header_color.pc',
        'layout.ticket_display.header_color.sp',
        'layout',
      ]}
      messages={{
        'layout.ticket_display.header_color.pc': 'venueSettings.appearance.hexRule',
        'layout.ticket_display.header_color.sp': 'venueSettings.appearance.hexRule',
      }}
    >
      {(form) => (
        <>
          <div className="form-grid">
            <SelectField label={t('venueSettings.layout.orderProcedure')} {...form.register('layout.order_procedure')}>
              {ORDER_PROCEDURES.map((value) => (
                <option key={value} value={value}>
                  {t(`venueSettings.layout.orderProcedures.${value}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('venueSettings.layout.ticketDisplay')}
              hint={t('venueSettings.layout.ticketDisplayHint')}
              {...form.register('layout.ticket_display.type')}
            >
              {TICKET_DISPLAY_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`venueSettings.layout.ticketDisplays.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
          <CheckboxField label={t('venueSettings.layout.calendarColoured')} {...form.register('layout.is_calendar_coloured')} />
          <CheckboxField
            label={t('venueSettings.layout.smartphoneAppModal')}
            {...form.register('layout.shows_smartphone_app_modal')}
          />
          <FieldSet legend={t('venueSettings.layout.ticketHeader')} className="colour-grid">
            <ColourField
              form={form}
              name="layout.ticket_display.header_color.pc"
              label={t('venueSettings.layout.headerColourPc')}
            />
            <ColourField
              form={form}
              name="layout.ticket_display.header_color.sp"
              label={t('venueSettings.layout.headerColourSp')}
            />
            <CheckboxField
              label={t('venueSettings.layout.headerLogoPc')}
              {...form.register('layout.ticket_display.shows_header_logo.pc')}
            />
            <CheckboxField
              label={t('venueSettings.layout.headerLogoSp')}
              {...form.register('layout.ticket_display.shows_header_logo.sp')}
            />
          </FieldSet>
        </>
      )}
    </SettingsSection>
  );
}
