import {
  ApiOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FormOutlined,
  PlusCircleOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  ShoppingOutlined,
  UploadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons keep the collapsed sidebar usable; they decorate the model's items and carry no meaning of their own. */
export const menuIcons: Record<string, ReactNode> = {
  kits: <ExperimentOutlined />,
  'kit-status': <ExperimentOutlined />,
  'register-kit': <FormOutlined />,
  orders: <ShoppingOutlined />,
  'create-order': <PlusCircleOutlined />,
  'manifest-upload': <UploadOutlined />,
  integrations: <ApiOutlined />,
  settings: <SettingOutlined />,
  account: <UserOutlined />,
  reports: <FileTextOutlined />,
  'help-center': <QuestionCircleOutlined />,
};
