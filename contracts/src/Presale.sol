// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Initializable} from "@openzeppelin/contracts-upgradeable/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts-upgradeable/proxy/utils/UUPSUpgradeable.sol";
import {OwnableUpgradeable} from "@openzeppelin/contracts-upgradeable/access/OwnableUpgradeable.sol";
import {IPresale} from "./interfaces/IPresale.sol";

/// @title Presale: the referral registry behind an ERC1967 (UUPS) proxy
contract Presale is IPresale, Initializable, OwnableUpgradeable, UUPSUpgradeable {
    /// @custom:storage-location erc7201:taichi.storage.Presale
    struct PresaleStorage {
        mapping(address account => User) users;
        address manager;
        address root;
        uint256 totalUser;
    }

    // keccak256(abi.encode(uint256(keccak256("taichi.storage.Presale")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _STORAGE_LOCATION =
        0xf6c6005a5f12b62ae3a5811973c7000c94dae8262fe398c77e3fa5d357900100;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Sets the owner and manager and registers `root` as member 1.
    function initialize(address owner_, address manager_, address root_) external initializer {
        if (root_ == address(0)) revert ZeroAddress();
        __Ownable_init(owner_);
        PresaleStorage storage $ = _storage();
        $.manager = manager_;
        emit ManagerUpdated(address(0), manager_);
        _register($, root_, address(0));
    }

    /// @inheritdoc IPresale
    function register(address referrer) external {
        PresaleStorage storage $ = _storage();
        if ($.users[msg.sender].index != 0) revert AlreadyRegistered(msg.sender);
        if (referrer == msg.sender) revert SelfReferral();
        if ($.users[referrer].index == 0) revert ReferrerNotRegistered(referrer);
        _register($, msg.sender, referrer);
    }

    /// @inheritdoc IPresale
    function users(address account) external view returns (User memory) {
        return _storage().users[account];
    }

    /// @inheritdoc IPresale
    function getConfig() external view returns (Config memory) {
        PresaleStorage storage $ = _storage();
        return Config({manager: $.manager, root: $.root, totalUser: $.totalUser});
    }

    /// @inheritdoc IPresale
    function setManager(address manager_) external onlyOwner {
        PresaleStorage storage $ = _storage();
        address previous = $.manager;
        $.manager = manager_;
        emit ManagerUpdated(previous, manager_);
    }

    function _register(PresaleStorage storage $, address account, address referrer) private {
        uint256 index = ++$.totalUser;
        $.users[account] = User({index: index, refer: referrer, invites: 0, registeredAt: block.timestamp});
        if (referrer == address(0)) $.root = account;
        else ++$.users[referrer].invites;
        emit Registered(account, referrer, index);
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}

    function _storage() private pure returns (PresaleStorage storage $) {
        assembly {
            $.slot := _STORAGE_LOCATION
        }
    }
}
