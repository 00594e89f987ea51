/**
 * `/venues/:code/gate-devices` (right `settings:write` at the venue): the phones and tablets that
 * scan tickets at the venue's gates (decision 021). A manager adds a device with a name and a gate
 * and shows its pairing QR (the gate app's address with a one-time code, 10 minutes); pairs a
 * device again (a new code: its old token stops working) or revokes it (it stops at once).
 */
import { type GateDevice, GateDeviceBody, type GateDevicePairing } from '@storefront/domain/console/gate';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { type GateDeviceAction, gateDeviceQueries, useCreateGateDevice, useGateDeviceAction } from './gate-devices-api.ts';
import { PairingView } from './pairing-view.tsx';
import './gate-devices.css';

const column = columnsOf<GateDevice>();

export type DeviceState = 'revoked' | 'paired' | 'waiting';
export const stateOf = (device: GateDevice): DeviceState =>
  device.revoked_at ? 'revoked' : device.paired_at ? 'paired' : 'waiting';
const BADGE: Record<DeviceState, string> = { paired: 'badge-success', waiting: 'badge-status-invited', revoked: 'badge-muted' };

type Pending = GateDeviceAction | null;

export default function GateDevicesPage() {
  const { t } = useTranslation();
  return (
    <VenueGate
      screen="gate-devices"
      title={(venue) => t('gateDevices.venueTitle', { venue: venue.name })}
      right="settings:write"
      writeRight="settings:write"
    >
      {({ venue }) => (
        <Screen name="gate-devices" title={t('gateDevices.venueTitle', { venue: venue.name })}>
          <DeviceList venue={venue.code} />
        </Screen>
      )}
    </VenueGate>
  );
}

function DeviceList(props: { venue: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const list = useQuery(gateDeviceQueries.list(props.venue));
  const [isAdding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [pairing, setPairing] = useState<GateDevicePairing | null>(null);
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('gateDevices.name'), cell: (info) => info.getValue() }),
      column.accessor('gate', { header: () => t('gateDevices.gate'), cell: (info) => info.getValue() }),
      column.display({
        id: 'state',
        header: () => t('gateDevices.state'),
        cell: (info) => {
          const state = stateOf(info.row.original);
          return <span className={`badge ${BADGE[state]}`}>{t(`gateDevices.states.${state}`)}</span>;
        },
      }),
      column.accessor('last_seen_at', {
        header: () => t('gateDevices.lastSeen'),
        cell: (info) => (info.getValue() ? formatDateTime(info.getValue(), lang) : t('gateDevices.never')),
      }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (info) =>
          info.row.original.revoked_at ? null : (
            <div className="gate-device-actions">
              <button
                type="button"
                className="button button-small"
                onClick={() => setPending({ kind: 'pair', device: info.row.original })}
                aria-label={t('gateDevices.pairAgainNamed', { name: info.row.original.name })}
              >
                {t('gateDevices.pairAgain')}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => setPending({ kind: 'revoke', device: info.row.original })}
                aria-label={t('gateDevices.revokeNamed', { name: info.row.original.name })}
              >
                {t('gateDevices.revoke')}
              </button>
            </div>
          ),
      }),
    ],
    [t, lang],
  );
  return (
    <>
      <p className="screen-lead">{t('gateDevices.lead')}</p>
      <div className="button-row gate-devices-add">
        <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
          {t('gateDevices.add')}
        </button>
      </div>
      <ProblemNotice error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('gateDevices.caption', { count: list.data.devices.length })}
          isCaptionHidden
          columns={columns}
          data={list.data.devices}
          rowId={(row) => row.id}
          empty={t('gateDevices.none')}
        />
      ) : null}
      <AddDeviceDialog
        venue={props.venue}
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onPaired={(made) => {
          setAdding(false);
          setPairing(made);
        }}
      />
      <ConfirmDialog
        venue={props.venue}
        pending={pending}
        onClose={() => setPending(null)}
        onPaired={(made) => {
          setPending(null);
          setPairing(made);
        }}
      />
      <Dialog
        isOpen={pairing !== null}
        title={pairing ? t('gateDevices.pairingTitle', { name: pairing.device.name }) : ''}
        onClose={() => setPairing(null)}
      >
        {pairing ? <PairingView pairing={pairing} /> : null}
      </Dialog>
    </>
  );
}

function AddDeviceDialog(props: {
  venue: string;
  isOpen: boolean;
  onClose: () => void;
  onPaired: (pairing: GateDevicePairing) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(GateDeviceBody, t, { gate: 'gateDevices.gateFormat' }),
    defaultValues: { name: '', gate: '' },
  });
  const create = useCreateGateDevice(props.venue, {
    onSuccess: (made) => {
      form.reset();
      props.onPaired(made);
    },
    onError: (error) => placeFieldError(error, form.setError, ['name', 'gate'], t),
  });
  const { errors } = form.formState;
  return (
    <Dialog isOpen={props.isOpen} title={t('gateDevices.add')} onClose={props.onClose}>
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <TextField
          label={t('gateDevices.name')}
          hint={t('gateDevices.nameHint')}
          error={errors.name?.message}
          autoComplete="off"
          {...form.register('name')}
        />
        <TextField
          label={t('gateDevices.gate')}
          hint={t('gateDevices.gateHint')}
          error={errors.gate?.message}
          autoComplete="off"
          {...form.register('gate')}
        />
        {create.error && !(create.error as { field?: string }).field ? <ProblemNotice error={create.error} /> : null}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {t('gateDevices.addSubmit')}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ConfirmDialog(props: {
  venue: string;
  pending: Pending;
  onClose: () => void;
  onPaired: (pairing: GateDevicePairing) => void;
}) {
  const { t } = useTranslation();
  const { pending } = props;
  const act = useGateDeviceAction(props.venue, {
    onSuccess: (answer, chosen) => {
      if (chosen.kind === 'pair') props.onPaired(answer as GateDevicePairing);
      else props.onClose();
    },
  });
  const close = () => {
    act.reset();
    props.onClose();
  };
  if (!pending) {
    return (
      <Dialog isOpen={false} title="" onClose={close}>
        {null}
      </Dialog>
    );
  }
  const name = pending.device.name;
  return (
    <Dialog
      isOpen
      title={pending.kind === 'pair' ? t('gateDevices.pairAgainTitle', { name }) : t('gateDevices.revokeTitle', { name })}
      onClose={close}
    >
      <p>{pending.kind === 'pair' ? t('gateDevices.pairAgainWarning') : t('gateDevices.revokeWarning')}</p>
      <ProblemNotice error={act.error} />
      <div className="button-row">
        <button
          type="button"
          className={`button ${pending.kind === 'pair' ? 'button-primary' : 'button-danger'}`}
          disabled={act.isPending}
          onClick={() => act.mutate(pending)}
        >
          {pending.kind === 'pair' ? t('gateDevices.pairAgainConfirm') : t('gateDevices.revokeConfirm')}
        </button>
        <button type="button" className="button" onClick={close}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
