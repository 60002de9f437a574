/* nqueens.omp.c (hand-written OpenMP): the number of ways to place n queens on an n x n board;
 * every safe square of a row is tried by a task on its own copy of the board, serially from row
 * CUTOFF on. */
#include <stdio.h>
#include <string.h>

#define N 13
#define CUTOFF 4

/* Whether a queen at (row, col) is attacked by the queens of rows 0 .. row-1. */
static int safe(const char *board, int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = board[r];
        if (c == col || c - col == row - r || col - c == row - r)
            return 0;
    }
    return 1;
}

static long queens_serial(char *board, int row)
{
    if (row == N)
        return 1;
    long count = 0;
    for (int col = 0; col < N; col++)
        if (safe(board, row, col)) {
            board[row] = (char)col;
            count += queens_serial(board, row + 1);
        }
    return count;
}

static long queens(const char *board, int row)
{
    char boards[N][N];
    long counts[N];
    if (row >= CUTOFF) {
        memcpy(boards[0], board, N);
        return queens_serial(boards[0], row);
    }
    for (int col = 0; col < N; col++) {
        counts[col] = 0;
        if (safe(board, row, col)) {
            memcpy(boards[col], board, N);
            boards[col][row] = (char)col;
            #pragma omp task shared(counts, boards)
            counts[col] = queens(boards[col], row + 1);
        }
    }
    #pragma omp taskwait
    long total = 0;
    for (int col = 0; col < N; col++)
        total += counts[col];
    return total;
}

int main(void)
{
    char board[N] = {0};
    long r;
    #pragma omp parallel
    #pragma omp single
    r = queens(board, 0);
    printf("nqueens(%d) = %ld\n", N, r);
    return 0;
}
