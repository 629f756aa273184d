import { useState, type ReactElement } from 'react';
import { Col, DatePicker, Drawer, Form, Row, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { addDays, dailyRowSchemas, daysBetween, ErrorCodes, inFlockLife, type DailyKind } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { codeRule, zodRule } from '../../../ui/zodRule';
import { productionApi, useFlockOptions, useProductionMutation, type DailyRow, type FlockOption } from '../api';
import { reportProductionError } from '../model/errors';
import { useFarmToday } from './useFarmToday';
import { DAY, fieldToForm, KIND_CONFIG, kindBody, toDay } from '../model/kinds';
import { KindInput } from './KindInput';
import { useFormSave } from '../../../ui/useFormSave';
import { Field } from '../../../ui/FormFields';
import { DrawerFooter } from '../../../ui/DrawerFooter';

type Values = Record<string, unknown> & { flockId?: number; day?: Dayjs | null; at?: Dayjs | null };

/** The form's values as `dailyRowSchemas[kind]` reads them. */
export function toDailyBody(kind: DailyKind, v: Values): Record<string, unknown> {
  const when = KIND_CONFIG[kind].timed ? { at: v.at ? v.at.valueOf() : undefined } : { day: toDay(v.day) };
  return { flockId: v.flockId, ...when, ...kindBody(kind, v) };
}

/** A flock's life: hatch (day age 0), placement, and the last day a record may have (stop day or today). */
export interface FlockLife {
  birthDate: string;
  startDate: string;
  lastDay: string;
}

/**
 * The life of a picker's flock. The picker gives the day age on the stop day (closed flocks) or
 * today in the farm's time zone, so the hatch day follows without asking for the flock itself
 * (an entry clerk may hold the entry page without the flock page).
 */
export function lifeOf(o: FlockOption, farmToday: string): FlockLife {
  const end = o.stopDate ?? farmToday;
  return { birthDate: addDays(end, -o.dayAge), startDate: o.startDate, lastDay: end };
}

/** Whether a day lies outside the flock's life (placement .. stop or today). */
export function outsideLife(f: FlockLife | undefined, d: Dayjs, farmToday: string): boolean {
  const s = d.format(DAY);
  if (!f) return s > farmToday;
  return !inFlockLife(s, f.startDate, f.lastDay);
}

/** A new record defaults to now, or to today in the farm's zone (not the browser's: a clerk abroad enters the farm's day). */
function initialValues(kind: DailyKind, row: DailyRow | null, flockId: number | undefined, farmToday: string): Values {
  const cfg = KIND_CONFIG[kind];
  if (!row) return { flockId, ...(cfg.timed ? { at: dayjs().startOf('minute') } : { day: dayjs(farmToday, DAY) }) };
  const values: Values = { flockId: row.flockId };
  if (cfg.timed) values.at = dayjs(row.at);
  else values.day = dayjs(row.day, DAY);
  for (const f of cfg.fields) values[f.name] = fieldToForm(f, row[f.name]);
  return values;
}

/**
 * Add or edit one daily record of a flock. The day picker offers only days of the flock's life
 * (back-fill allowed), the day age follows the chosen day, and a day already recorded (20078,
 * 20301, 20302), outside the flock's life (21016) or removals above the birds present (20068)
 * are shown on the field at fault.
 */
export function DailyFormDrawer({
  kind,
  farmId,
  row,
  flockId,
  onClose,
}: {
  kind: DailyKind;
  farmId: number;
  row: DailyRow | null;
  flockId?: number;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['production', 'records', 'common']);
  const cfg = KIND_CONFIG[kind];
  const [form] = Form.useForm<Values>();
  const adding = row === null;
  const { today: farmToday } = useFarmToday(farmId);
  const [initial] = useState(() => initialValues(kind, row, flockId, farmToday));
  const chosen = (Form.useWatch('flockId', form) as number | undefined) ?? initial.flockId;
  const when = (Form.useWatch(cfg.timed ? 'at' : 'day', form) as Dayjs | null | undefined) ?? (cfg.timed ? initial.at : initial.day);
  const current = useFlockOptions(farmId, undefined, 1);
  const closed = useFlockOptions(farmId, undefined, 2);
  const option = [...(current.data ?? []), ...(closed.data ?? [])].find((o) => o.id === chosen);
  const base = option ? lifeOf(option, farmToday) : undefined;
  // An edited record knows its own day age: the hatch day follows exactly from it.
  const life = base && row?.day && chosen === row.flockId ? { ...base, birthDate: addDays(row.day, -row.dayAge) } : base;
  const add = useProductionMutation(productionApi.addDaily);
  const update = useProductionMutation(productionApi.updateDaily);
  const schema = dailyRowSchemas[kind];
  const body = (v: Values): Record<string, unknown> => (adding ? toDailyBody(kind, v) : { ...toDailyBody(kind, v), id: row.id });
  const rule = (field: string): ReturnType<typeof zodRule> => zodRule(schema, field, (v) => toDailyBody(kind, v as Values));
  const label = (field: string): string => t(`records:${kind}.${field}`);
  const whenField = cfg.timed ? 'at' : 'day';
  const dayAge = life && when ? daysBetween(life.birthDate, when.format(DAY)) : null;

  const flockOptions = (current.data ?? []).map((o) => ({ value: o.id, label: `${o.shedName} · ${o.groupNo}` }));
  if (row && !flockOptions.some((o) => o.value === row.flockId))
    flockOptions.push({ value: row.flockId, label: `${row.shedName} · ${row.groupNo}` });

  const lifeRule = codeRule(ErrorCodes.DAY_OUTSIDE_FLOCK, (v: Dayjs | null | undefined) => !(v && life && outsideLife(life, v, farmToday)));

  const { busy, submit } = useFormSave(
    form,
    async (v: Values): Promise<void> => {
      if (adding) await add.mutateAsync({ kind, body: body(v) });
      else await update.mutateAsync({ kind, body: body(v) });
      toast.success(adding ? t('common:savedSuccessfully') : t('common:editedSuccessfully'));
      onClose();
    },
    (err) => {
      reportProductionError(form, err, kind);
    },
  );

  return (
    <Drawer
      open
      title={
        adding
          ? t('daily.addTitle', { kind: t(`records:sheet.${kind}`) })
          : t('daily.editTitle', { kind: t(`records:sheet.${kind}`), groupNo: row.groupNo })
      }
      onClose={onClose}
      size={640}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="vertical"
        name={`daily-${kind}`}
        initialValues={initial}
        onValuesChange={(changed: Values) => {
          if ('flockId' in changed && form.isFieldTouched(whenField)) void form.validateFields([whenField]).catch(() => undefined);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Field name="flockId" label={label('flockId')} rule={rule} required>
              <Select
                size="large"
                disabled={!adding}
                placeholder={t('common:select')}
                loading={current.isFetching}
                options={flockOptions}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Field>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name={whenField}
              label={label(whenField)}
              required
              rules={[rule(whenField), lifeRule]}
              extra={
                <span data-testid="day-age">
                  {t('records:common.dayAge')}: {dayAge === null ? '—' : <Tag color={dayAge < 0 ? 'red' : 'green'}>{dayAge}</Tag>}
                </span>
              }
            >
              <DatePicker
                size="large"
                className="fs-prod-wide"
                showTime={cfg.timed ? { format: 'HH:mm' } : false}
                format={cfg.timed ? `${DAY} HH:mm` : DAY}
                disabledDate={(d) => outsideLife(life, d, farmToday)}
              />
            </Form.Item>
          </Col>
          {cfg.fields.map((f) => (
            <Col key={f.name} xs={24} sm={f.name === 'remark' ? 24 : 12}>
              <Form.Item
                name={f.name}
                label={label(f.name)}
                required={f.required}
                rules={[rule(f.name)]}
                extra={row && cfg.metered === f.name && row.measured ? t('daily.meteredHint') : undefined}
              >
                <KindInput field={f} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <DrawerFooter size="large" onCancel={onClose} onSave={() => void submit()} busy={busy} />
      </Form>
    </Drawer>
  );
}
