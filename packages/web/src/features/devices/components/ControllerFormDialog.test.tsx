import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { tk } from '../../../app/i18n/i18n';
import { mockApi, renderWithApp, SLOW, type RecordedCall } from '../../../test/mockApi';
import { ControllerFormDialog } from './ControllerFormDialog';
import { signedInEach } from '../../../test/session';

const t = (key: string, vars: Record<string, unknown> = {}): string => tk(`devices.${key}`, vars);
const field = (key: string): HTMLElement => screen.getByLabelText(t(`fields.${key}`));
const type = (key: string, value: string): void => void fireEvent.change(field(key), { target: { value } });
const fill = (values: Record<string, string>): void => Object.entries(values).forEach(([key, value]) => type(key, value));
const save = (): void => void fireEvent.click(screen.getByRole('button', { name: tk('common.save') }));
const farm = { id: 5, farmId: 5, farmName: 'Demo Pig Farm', type: 1, scale: null, timeZone: 'UTC' };

const emptyPage = { data: { list: [], total: 0, pageNo: 1, pageSize: 1000 } };
const networkPage = {
  data: {
    list: [
      { id: 7, name: 'Serial server', ip: '10.0.0.7', serverPort: 4001, connectionMode: 'tcpServer', farmId: 5, farmName: 'Demo Pig Farm' },
    ],
    total: 1,
    pageNo: 1,
    pageSize: 1000,
  },
};

function serve(addAnswer: { code?: number; data?: unknown } = { data: { id: 9 } }): RecordedCall[] {
  return mockApi({
    'POST /breedpigbuilding/shed/qdslHierarchicalQuery': { data: [] },
    'POST /breedpigdevice/controller/add': addAnswer,
    'POST /breedpigdevice/controller/page': emptyPage,
    'POST /breedpigdevice/network/page': networkPage,
  });
}

/** Opens the add dialog on farm 5. */
async function openAdd(): Promise<void> {
  renderWithApp(<ControllerFormDialog row={null} farmId={5} onClose={vi.fn()} />);
  await screen.findByText(t('form.addTitle'), {}, SLOW);
}

signedInEach({ farms: [farm] as never });

describe('controller form', { timeout: 40_000 }, () => {
  it('applies the device code rule (fs- + 1-16 letters or digits) before sending anything', async () => {
    const calls = serve();
    await openAdd();
    fill({ name: 'Climate A', checkCode: 'secret' });
    for (const bad of ['fs-', 'fs-a_b', 'gw-123', 'fs-12345678901234567']) {
      type('code', bad);
      save();
      await waitFor(() => expect(field('code').closest('.ant-form-item')!.textContent).toContain(tk('validation.deviceCode')), SLOW);
    }
    expect(calls.some((c) => c.path.endsWith('/add'))).toBe(false);
    type('code', 'fs-Barn01');
    save();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/add'))).toBe(true), SLOW);
    expect(calls.find((c) => c.path.endsWith('/add'))!.body).toEqual({
      code: 'fs-Barn01',
      name: 'Climate A',
      gatewayType: 101,
      deviceCategory: 201,
      checkCode: 'secret',
      farmId: 5,
      shedId: null,
      networkId: null,
      port: null,
      commPointNo: null,
      parentId: null,
    });
  });

  it('takes a check code of at least 4 characters or none (the server then generates one), and shows a taken code under the field', async () => {
    const calls = serve({ code: 203339 });
    await openAdd();
    fill({ code: 'fs-taken1', name: 'Climate B', checkCode: 'abc' });
    save();
    await waitFor(() => expect(field('checkCode').closest('.ant-form-item')!.textContent).toContain(tk('validation.invalid')), SLOW);
    expect(calls.some((c) => c.path.endsWith('/add'))).toBe(false);
    type('checkCode', '');
    save();
    await waitFor(() => expect(field('code').closest('.ant-form-item')!.textContent).toContain(tk('errors.203339')), SLOW);
    expect(calls.find((c) => c.path.endsWith('/add'))!.body).not.toHaveProperty('checkCode');
  });

  it('starts a 4008 controller with its model, asks for the bus location whole and shows a taken point (203341) under it', async () => {
    const calls = serve({ code: 203341 });
    renderWithApp(<ControllerFormDialog row={null} farmId={5} preset={{ model: 'FS-4008', deviceCategory: 201 }} onClose={vi.fn()} />);
    await screen.findByText(t('form.addTitle'), {}, SLOW);
    expect((field('model') as HTMLInputElement).value).toBe('FS-4008');
    fill({ code: 'fs-c4008a', name: 'Climate 4008', checkCode: 'secret', commPointNo: '3' });
    save();
    await waitFor(() => expect(field('port').closest('.ant-form-item')!.textContent).toContain(t('form.placementIncomplete')), SLOW);
    expect(calls.some((c) => c.path.endsWith('/add'))).toBe(false);
    type('port', '2');
    fireEvent.mouseDown(field('network'));
    fireEvent.click(await screen.findByText('Serial server (10.0.0.7)', {}, SLOW));
    save();
    await waitFor(() => expect(field('commPointNo').closest('.ant-form-item')!.textContent).toContain(tk('errors.203341')), SLOW);
    expect(calls.find((c) => c.path.endsWith('/add'))!.body).toMatchObject({
      model: 'FS-4008',
      networkId: 7,
      port: 2,
      commPointNo: 3,
      parentId: null,
    });
  });

  it('offers every gateway type, the extended 1000-1024 ones by name', async () => {
    serve();
    await openAdd();
    fireEvent.mouseDown(field('gatewayType'));
    fireEvent.change(field('gatewayType'), { target: { value: 'DTU' } });
    expect(await screen.findByTitle(tk('enums.gatewayType.1000'), {}, SLOW)).toBeTruthy();
    expect(tk('enums.gatewayType.1024')).not.toBe('enums.gatewayType.1024');
  });
});
