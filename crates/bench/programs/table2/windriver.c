// WinDriver: a driver decomposes a stream of packets (a header byte with a
// row, then a payload byte) into a 2-D buffer; the target needs a given
// entry filled with a given value.
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
#define ROWS 4
#define COLS 4
unsigned char buf[ROWS][COLS];
int fill[ROWS];
int main(void) {
  int packets = __VERIFIER_nondet_uchar() % 12;
  for (int p = 0; p < packets; p++) {
    unsigned char hdr = __VERIFIER_nondet_uchar();
    unsigned char payload = __VERIFIER_nondet_uchar();
    int row = hdr & 3;
    if (fill[row] < COLS) {
      buf[row][fill[row]] = payload;
      fill[row]++;
    }
  }
  if (fill[2] == 3 && buf[2][2] == 42)
    reach_error();
  return 0;
}
