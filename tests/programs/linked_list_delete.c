// expect: true
// deleting a node from a heap list through a pointer-to-pointer
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct node { int v; struct node *next; };

int main(void) {
  struct node *head = 0;
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof(struct node));
    if (!n) return 0;
    n->v = i;
    n->next = head;
    head = n;
  }
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 3);
  struct node **pp = &head;
  while (*pp) {
    if ((*pp)->v == k) {
      struct node *dead = *pp;
      *pp = dead->next;
      free(dead);
      break;
    }
    pp = &(*pp)->next;
  }
  int len = 0, sum = 0;
  for (struct node *p = head; p; p = p->next) {
    if (p->v == k) reach_error();
    len++;
    sum += p->v;
  }
  if (len != 3 || sum != 6 - k) reach_error();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
