export const productName = 'Recruitment Platform';
