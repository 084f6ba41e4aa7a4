/**
 * Saves a signed file link the way a link with `download` does: the browser keeps the server's
 * name for it ("Grace Hopper CV.pdf") and the page stays where it is.
 */
export const downloadFile = (url: string, name: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};
