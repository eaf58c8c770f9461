// Umbrella for the system MeCab. Included only by CReadingShims' .c file.
#pragma once
#include <mecab.h>
