import { Typography } from 'antd';
import { Link } from 'wouter';
import { idKey } from '../../model/id';
import type { ListSort } from '../../model/lists/paging';
import { PATIENT_COLUMNS, type Patient, type PatientColumn } from '../../model/patients/patient';
import { displayName, formatDateOfBirth, patientDetailPath, valueOrNotAvailable } from '../../model/patients/patient-rules';
import { PatientColumnText, PatientListText } from '../../model/patients/patient-texts';
import { DataTable, type DataColumn } from '../parts/data-table';
import { ariaSort, SortButton } from '../parts/sort-button';

interface PatientsTableProps {
  patients: readonly Patient[];
  sort: ListSort<PatientColumn>;
  onSort: (column: PatientColumn) => void;
  /** Another page is on its way: the rows shown stay, under a spinner. */
  loading: boolean;
}

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
  const columns: DataColumn<Patient>[] = PATIENT_COLUMNS.map((column) => ({
    key: column,
    title: <SortButton label={PatientColumnText[column]} sort={sort} column={column} onSort={() => onSort(column)} />,
    label: PatientColumnText[column],
    sort: ariaSort(sort, column),
    render: (patient: Patient) => cell(patient, column),
    ellipsis: column === 'name' || column === 'email',
  }));
  return (
    <DataTable<Patient>
      label={PatientListText.tableLabel}
      columns={columns}
      rows={patients}
      rowKey={(patient) => idKey(patient.id)}
      empty={PatientListText.empty}
      loading={loading ? PatientListText.loading : false}
      cardsOnPhone
    />
  );
}
