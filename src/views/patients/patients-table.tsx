import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Button, Table, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link } from 'wouter';
import { idKey } from '../../model/id';
import type { ListSort } from '../../model/lists/paging';
import { PATIENT_COLUMNS, type Patient, type PatientColumn } from '../../model/patients/patient';
import { displayName, formatDateOfBirth, patientDetailPath, valueOrNotAvailable } from '../../model/patients/patient-rules';
import { PatientColumnText, PatientListText } from '../../model/patients/patient-texts';

interface PatientsTableProps {
  patients: readonly Patient[];
  sort: ListSort<PatientColumn>;
  onSort: (column: PatientColumn) => void;
  /** Another page is on its way: the rows shown stay, under a spinner. */
  loading: boolean;
}

/** The table element named for assistive technology, as the other lists name theirs. */
const NamedTable = (props: HTMLAttributes<HTMLTableElement>) => <table {...props} aria-label={PatientListText.tableLabel} />;

function cell(patient: Patient, column: PatientColumn) {
  switch (column) {
    case 'name':
      return <Link href={patientDetailPath(patient.id)}>{displayName(patient)}</Link>;
    case 'email':
      return patient.email?.trim() ? (
        <Link href={patientDetailPath(patient.id)}>{patient.email}</Link>
      ) : (
        <Typography.Text type="secondary">{PatientListText.notAvailable}</Typography.Text>
      );
    case 'phone':
      return valueOrNotAvailable(patient.phone);
    case 'dateOfBirth':
      return formatDateOfBirth(patient.dateOfBirth);
  }
}

/**
 * Kits §2 "Patients list": Name, Email, Phone and Date of Birth, one page of ten. Each header is a button that
 * sorts by its column on the server (ascending first, then turning around), and says the sort with aria-sort.
 */
export function PatientsTable({ patients, sort, onSort, loading }: PatientsTableProps) {
  const columns: TableColumnsType<Patient> = PATIENT_COLUMNS.map((column) => ({
    key: column,
    title: (
      <Button type="text" size="small" style={{ fontWeight: 'inherit', paddingInline: 4 }} onClick={() => onSort(column)}>
        {PatientColumnText[column]}
        {sort.column === column ? sort.direction === 'asc' ? <CaretUpOutlined aria-hidden /> : <CaretDownOutlined aria-hidden /> : null}
      </Button>
    ),
    onHeaderCell: () => ({ 'aria-sort': sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined }),
    render: (_value: unknown, patient: Patient) => cell(patient, column),
    ellipsis: column === 'name' || column === 'email',
  }));
  // No `scroll` option: its width-measuring row repeats the header's buttons inside an aria-hidden row. The wrapper scrolls instead.
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<Patient>
        columns={columns}
        dataSource={[...patients]}
        rowKey={(patient) => idKey(patient.id)}
        pagination={false}
        loading={loading}
        locale={{ emptyText: PatientListText.empty }}
        components={{ table: NamedTable }}
      />
    </div>
  );
}
