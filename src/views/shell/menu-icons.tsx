import {
  ApiOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FormOutlined,
  PlusCircleOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  TeamOutlined,
  ShoppingOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons keep the collapsed sidebar usable; they decorate the model's items and carry no meaning of their own. */
export const menuIcons: Record<string, ReactNode> = {
  kits: <ExperimentOutlined aria-hidden />,
  'kit-status': <ExperimentOutlined aria-hidden />,
  patients: <TeamOutlined aria-hidden />,
  'register-kit': <FormOutlined aria-hidden />,
  orders: <ShoppingOutlined aria-hidden />,
  'create-order': <PlusCircleOutlined aria-hidden />,
  'manifest-upload': <UploadOutlined aria-hidden />,
  integrations: <ApiOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  account: <UserOutlined aria-hidden />,
  reports: <FileTextOutlined aria-hidden />,
  'help-center': <QuestionCircleOutlined aria-hidden />,
};
