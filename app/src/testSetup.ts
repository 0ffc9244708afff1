// Unit tests run in a Simplified Chinese browser (jsdom's own is en-US): a first visit starts in zh,
// the default, as for most of the product's members.
Object.defineProperty(navigator, "languages", { value: ["zh-CN", "zh"], configurable: true });
